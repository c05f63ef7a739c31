import type { TopicDetail } from "#common/contracts/launch-plan";
import { useSetTopicProgress } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { LearningAnswersForm } from "./learning-answers-form.tsx";
import { TopicCompleted, TopicCompletion, useFocusWhenCompleted } from "./topic-completion.tsx";
import { TopicMarkdown } from "./topic-markdown.tsx";
import { TopicVideo } from "./topic-video.tsx";

/**
 * What a topic holds, by its type, and how it is completed: a reading and an activity by their
 * button, a video by its end (a file) or its button, a survey by submitting its answers.
 */
export function TopicBody({ topic }: { topic: TopicDetail }) {
  const progress = useSetTopicProgress();
  const complete = topic.status === "complete";
  const surveyCompletedRef = useFocusWhenCompleted(complete);
  const markComplete = () => progress.mutateAsync({ topicId: topic.id, status: "complete" });
  const completeOnce = () => {
    if (!complete && !progress.isPending) markComplete().catch(() => undefined);
  };
  const completion = (label: string) => (
    <TopicCompletion complete={complete} label={label} pending={progress.isPending} error={progress.error} onComplete={completeOnce} />
  );

  switch (topic.type) {
    case "reading":
      return (
        <>
          <TopicMarkdown markdown={topic.body_markdown} empty="This reading has no text yet." />
          {completion("Mark as complete")}
        </>
      );
    case "activity":
      return (
        <>
          <TopicMarkdown markdown={topic.body_markdown} empty="This activity has no instructions yet." />
          {completion("Mark as done")}
        </>
      );
    case "video":
      return (
        <>
          <TopicVideo title={topic.title} videoUrl={topic.video_url} fileUrl={topic.video_file_url} onEnded={completeOnce} />
          {topic.body_markdown?.trim() ? <TopicMarkdown markdown={topic.body_markdown} empty="" /> : null}
          {completion("Mark as complete")}
        </>
      );
    case "survey":
      if (topic.questions.length === 0) {
        return (
          <>
            <TopicMarkdown markdown={topic.body_markdown} empty="This survey has no questions yet." />
            {completion("Mark as complete")}
          </>
        );
      }
      return (
        <>
          {topic.body_markdown?.trim() ? <TopicMarkdown markdown={topic.body_markdown} empty="" /> : null}
          <LearningAnswersForm
            // A fresh form per state: once complete, the survey's answers are only saved.
            key={complete ? "complete" : "open"}
            questions={topic.questions}
            label={`Answers to ${topic.title}`}
            idPrefix={`topic-${topic.id}`}
            complete={complete ? undefined : markComplete}
          />
          {/* Heard when it appears: focus moves to it, and the toast says the answers were submitted. */}
          {complete ? (
            <div className="border-t border-[var(--color-border)] pt-4">
              <TopicCompleted ref={surveyCompletedRef} />
            </div>
          ) : null}
        </>
      );
  }
}
