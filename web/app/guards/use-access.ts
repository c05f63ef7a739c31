export { useAccess } from "#web/lib/access-query.ts";
