/** Small inline icons for the dashboard's actions (no icon package: four paths are enough). */
const paths = {
  search:
    'M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z',
  edit: 'M13.6 2.6a2 2 0 0 1 2.8 2.8l-9 9-3.9 1.1 1.1-3.9 9-9Zm1.06 1.06a.5.5 0 0 0-.71 0L5.23 12.4l-.45 1.61 1.6-.45 8.73-8.73a.5.5 0 0 0 0-.71l-.45-.46Z',
  view: 'M10 4.5c3.6 0 6.4 2.4 7.8 5.5-1.4 3.1-4.2 5.5-7.8 5.5S3.6 13.1 2.2 10C3.6 6.9 6.4 4.5 10 4.5Zm0 1.5c-2.7 0-4.9 1.7-6.1 4 1.2 2.3 3.4 4 6.1 4s4.9-1.7 6.1-4c-1.2-2.3-3.4-4-6.1-4Zm0 1.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5Z',
  // Two sheets, one over the other: a copy of the order as a new request.
  load: 'M7 2h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1h-2v-1.5h1.5v-9h-8V5H6V3a1 1 0 0 1 1-1ZM4 6h9a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1Zm.5 1.5v9h8v-9h-8Z',
} as const;

export type IconName = keyof typeof paths;

export function ActionIcon({ name }: { name: IconName }) {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
