import { useCallback } from "react";

/**
 * A callback ref that shows `file` in an image or video through an object URL, revoked when the
 * element goes or the file changes (no state: the element gets its source directly).
 */
export function useObjectUrlSource(file: Blob | null) {
  return useCallback(
    (element: HTMLImageElement | HTMLVideoElement | null) => {
      if (!element || !file) return;
      const url = URL.createObjectURL(file);
      element.src = url;
      return () => {
        element.removeAttribute("src");
        URL.revokeObjectURL(url);
      };
    },
    [file],
  );
}
