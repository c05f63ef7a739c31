import { CONTENT_TITLE_MAX } from "#common/domain/content";
import { SearchBox } from "#web/components/search-box.tsx";

const trim = (typed: string) => typed.trim();

/** The library's title search; the address holds the trimmed text. */
export function ContentSearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  return <SearchBox label="Search files by title" example="contract" maxLength={CONTENT_TITLE_MAX} value={value} onChange={onChange} toAddress={trim} />;
}
