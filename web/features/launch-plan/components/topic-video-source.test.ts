import { describe, expect, it } from "vitest";
import { classifyVideoUrl } from "./topic-video-source.ts";

describe("classifyVideoUrl", () => {
  it("plays .mp4 and .webm files in the page, query and case aside, relative paths included", () => {
    expect(classifyVideoUrl("https://cdn.example.com/intro.mp4")).toEqual({ kind: "file", url: "https://cdn.example.com/intro.mp4" });
    expect(classifyVideoUrl(" https://cdn.example.com/a/b.WEBM?sig=1 ")).toEqual({ kind: "file", url: "https://cdn.example.com/a/b.WEBM?sig=1" });
    expect(classifyVideoUrl("/media/tour.mp4")).toEqual({ kind: "file", url: "/media/tour.mp4" });
  });

  it("embeds YouTube links of every form in youtube-nocookie, with a start time in seconds", () => {
    const embed = (url: string) => {
      const source = classifyVideoUrl(url);
      return source.kind === "embed" ? [source.provider, source.embedUrl] : source.kind;
    };
    const plain = ["YouTube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"];
    expect(embed("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toEqual(plain);
    expect(embed("https://youtu.be/dQw4w9WgXcQ")).toEqual(plain);
    expect(embed("https://m.youtube.com/shorts/dQw4w9WgXcQ")).toEqual(plain);
    expect(embed("https://www.youtube.com/embed/dQw4w9WgXcQ")).toEqual(plain);
    expect(embed("https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ")).toEqual(plain);
    expect(embed("https://youtu.be/dQw4w9WgXcQ?t=90")).toEqual(["YouTube", "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=90"]);
    // Not a video id: only linked.
    expect(embed("https://www.youtube.com/watch?v=short")).toBe("link");
    expect(embed("https://www.youtube.com/@channel")).toBe("link");
  });

  it("embeds Vimeo links without tracking, keeping an unlisted video's hash", () => {
    const vimeo = (url: string) => {
      const source = classifyVideoUrl(url);
      return source.kind === "embed" ? source.embedUrl : source.kind;
    };
    expect(vimeo("https://vimeo.com/76979871")).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    expect(vimeo("https://vimeo.com/76979871/abc123def0")).toBe("https://player.vimeo.com/video/76979871?dnt=1&h=abc123def0");
    expect(vimeo("https://player.vimeo.com/video/76979871")).toBe("https://player.vimeo.com/video/76979871?dnt=1");
    expect(vimeo("https://vimeo.com/channels/staffpicks")).toBe("link");
  });

  it("only links other web addresses, and shows nothing for other schemes, bare words or nothing", () => {
    expect(classifyVideoUrl("https://video.example.com/watch/42")).toEqual({ kind: "link", url: "https://video.example.com/watch/42" });
    for (const url of ["javascript:alert(1)", "data:video/mp4;base64,AAAA", "ftp://example.com/a.mp4", "intro.mp4", "", "   ", null]) {
      expect(classifyVideoUrl(url)).toEqual({ kind: "none" });
    }
  });
});
