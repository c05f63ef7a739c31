import { SearchBox } from "#web/components/search-box.tsx";

const SEARCH_MAX = 200;

/** The search of an action log page: words of the title or description, or a reference. */
export function ActionLogSearch({ label, value, onChange }: { label: string; value: string; onChange: (search: string) => void }) {
  return <SearchBox label={label} example="RISK-12 or a word of the title" maxLength={SEARCH_MAX} value={value} onChange={onChange} />;
}
