// How cn() merges Tailwind classes. Here tailwind-merge itself, which knows every Tailwind utility and
// is what `npm run dev` uses; builds and the tests replace this module with class-merge.ts over a
// table of only the classes this app's files use (scripts/class-merge-table.ts), which merges those
// classes the same way for a fraction of the download.
export { twMerge as mergeClasses } from 'tailwind-merge';
