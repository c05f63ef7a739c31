import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CourseDetail } from "#common/contracts/launch-plan";
import { PageError } from "#web/components/page-error.tsx";
import { CourseSidebar, type LearningCurrent } from "./course-sidebar.tsx";
import type { LearningPaths } from "./learning-paths.ts";

/**
 * What the layout shows beside a lesson or topic: the course sidebar, nothing for a course
 * without one (or a page in no course), or the course's load failure with a retry, so the page's
 * own content still shows.
 */
export function courseOutline(course: UseQueryResult<CourseDetail> | null, paths: LearningPaths, current: LearningCurrent): ReactNode | null {
  if (course === null) return null;
  if (course.data) return course.data.has_sidebar ? <CourseSidebar course={course.data} paths={paths} current={current} /> : null;
  if (course.isError) return <PageError error={course.error} onRetry={() => void course.refetch()} />;
  return null;
}
