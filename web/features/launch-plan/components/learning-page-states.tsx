import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import { PageError } from "#web/components/page-error.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { LAUNCH_PLAN_PATH } from "./learning-paths.ts";

/** The API's 404: the course, lesson or topic does not exist (or the address names no valid id). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** The query client's one retry, except where asking again cannot help: not found, signed out. */
export function retryUnlessNotFound(failureCount: number, error: Error): boolean {
  return failureCount < 1 && !(error instanceof ApiError && (error.status === 404 || error.status === 401));
}

/** "Course not found", "Lesson not found", "Topic not found" (spec §8) as a page with the way back. */
export function LearningNotFound({ message }: { message: string }) {
  return (
    <PageFrame
      title={message}
      breadcrumbs={[{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }, { label: message }]}
      description="The link may be out of date, or this content is no longer part of the curriculum."
    >
      <Button asChild>
        <Link to={LAUNCH_PLAN_PATH}>
          <ArrowLeft aria-hidden="true" />
          Back to the Launch Plan
        </Link>
      </Button>
    </PageFrame>
  );
}

/** A page whose content could not load for another reason: the server's message and a retry. */
export function LearningLoadError({ title, error, onRetry }: { title: string; error: Error; onRetry: () => void }) {
  return (
    <PageFrame title={title} breadcrumbs={[{ label: "Launch Plan", to: LAUNCH_PLAN_PATH }, { label: title }]}>
      <PageError error={error} onRetry={onRetry} />
    </PageFrame>
  );
}
