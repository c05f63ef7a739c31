import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import {
  type OrganizationLogo,
  type OrganizationProfile,
  deleteOrganizationLogoRoute,
  getOrganizationLogoRoute,
  getOrganizationProfileRoute,
  updateOrganizationProfileRoute,
  uploadOrganizationLogoRoute,
} from "#common/contracts/organization-profile";
import { type RouteBody, buildRouteUrl, callRoute } from "#web/lib/api-client.ts";
import { queryKeys } from "#web/lib/realtime/event-query-keys.ts";
import { uploadWithProgress } from "#web/lib/upload-with-progress.ts";

export const organizationProfileQuery = queryOptions({
  queryKey: queryKeys.organizationProfile,
  queryFn: ({ signal }) => callRoute(getOrganizationProfileRoute, { signal }),
});

/** Every change answers the whole profile: it replaces the cached one. */
function useProfileMutation<T>(mutationFn: (input: T) => Promise<OrganizationProfile>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: (profile) => queryClient.setQueryData(queryKeys.organizationProfile, profile) });
}

export function useUpdateOrganizationProfile() {
  return useProfileMutation((body: RouteBody<typeof updateOrganizationProfileRoute>) => callRoute(updateOrganizationProfileRoute, { body }));
}

export function useUploadOrganizationLogo() {
  return useProfileMutation((file: Blob) => uploadWithProgress(uploadOrganizationLogoRoute, { body: file }));
}

export function useDeleteOrganizationLogo() {
  return useProfileMutation(() => callRoute(deleteOrganizationLogoRoute));
}

/**
 * The logo's address for an <img>: its version makes each logo's address its own, and an
 * employee names the organization in the query (an image sends no headers of ours).
 */
export function organizationLogoUrl(logo: OrganizationLogo, employeeOrganizationId: string | null): string {
  return buildRouteUrl(getOrganizationLogoRoute, { query: { v: logo.version, ...(employeeOrganizationId ? { org: employeeOrganizationId } : {}) } });
}
