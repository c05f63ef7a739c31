import { useQuery } from "@tanstack/react-query";
import { ProgressBar } from "#web/components/ui/progress-bar.tsx";
import { LAUNCH_PLAN_MESSAGES, type CourseDetail } from "#common/contracts/launch-plan";
import { LoadingSkeleton } from "#web/components/loading-skeleton.tsx";
import { PageFrame } from "#web/components/page-frame.tsx";
import { courseQuery } from "#web/features/launch-plan/api/launch-plan-api.ts";
import { CourseLessonList } from "#web/features/launch-plan/components/course-lesson-list.tsx";
import { CourseSidebar } from "#web/features/launch-plan/components/course-sidebar.tsx";
import { LearningLayout } from "#web/features/launch-plan/components/learning-layout.tsx";
import { CourseNotices } from "#web/features/launch-plan/components/learning-notices.tsx";
import { LearningNotFound, LearningLoadError, isNotFound, retryUnlessNotFound } from "#web/features/launch-plan/components/learning-page-states.tsx";
import { type LearningPaths, learningBreadcrumbs, learningPaths, useLearningParams } from "#web/features/launch-plan/components/learning-paths.ts";

/** /course/{courseId} and /system-refinement/milestone/{milestoneId}/course/{courseId}: one read, the course. */
export default function CoursePage() {
  const { milestoneId, courseId = "" } = useLearningParams();
  const course = useQuery({ ...courseQuery(courseId), retry: retryUnlessNotFound });
  if (course.data) return <CourseView course={course.data} milestoneId={milestoneId} paths={learningPaths(milestoneId)} />;
  if (course.isError) {
    return isNotFound(course.error) ? (
      <LearningNotFound message={LAUNCH_PLAN_MESSAGES.courseNotFound} />
    ) : (
      <LearningLoadError title="Course" error={course.error} onRetry={() => void course.refetch()} />
    );
  }
  return <LoadingSkeleton label="Loading course..." shape="page" />;
}

function CourseView({ course, milestoneId, paths }: { course: CourseDetail; milestoneId: string | undefined; paths: LearningPaths }) {
  const completeLessons = course.lessons.filter((lesson) => lesson.is_complete).length;
  return (
    <PageFrame title={course.title} breadcrumbs={learningBreadcrumbs({ paths, milestoneId, course })} description={course.description}>
      <LearningLayout outline={course.has_sidebar ? <CourseSidebar course={course} paths={paths} current={{}} /> : null}>
        <CourseNotices course={course} milestoneId={milestoneId} />
        <section aria-labelledby="course-progress-title" className="space-y-2">
          <h2 id="course-progress-title" className="text-lg font-semibold">
            Your progress
          </h2>
          <div className="flex items-center gap-3">
            <ProgressBar value={course.percent} label="Your progress in this course" className="h-2.5 max-w-md" />
            <span className="text-sm font-semibold tabular-nums">{course.percent}%</span>
          </div>
          <p className="text-sm text-[var(--color-muted-foreground)]">
            {completeLessons} of {course.lessons.length} {course.lessons.length === 1 ? "lesson" : "lessons"} complete
          </p>
        </section>
        <section aria-labelledby="course-lessons-title" className="space-y-3">
          <h2 id="course-lessons-title" className="text-lg font-semibold">
            Lessons
          </h2>
          <CourseLessonList course={course} paths={paths} />
        </section>
      </LearningLayout>
    </PageFrame>
  );
}
