/**
 * `DataList`'s styles, once for every list (the theme's global CSS, issue 30 §3). At desktop widths
 * Chakra's small line table (its `sm` text, cells 0.5rem around, a line under each), with the
 * first and last columns pinned while the middle scrolls inside the bordered box; on a phone
 * bordered cards of facts.
 */
export const dataListCss = {
  '.data-list-scroll': {
    display: 'block',
    overflow: 'auto',
    maxWidth: '100%',
    borderWidth: '1px',
    rounded: 'md',
    WebkitOverflowScrolling: 'touch',
  },
  '.data-list-table': {
    fontVariantNumeric: 'lining-nums tabular-nums',
    borderCollapse: 'collapse',
    width: 'full',
    fontSize: 'sm',
    lineHeight: '1.25rem',
  },
  '.data-list-table :is(th, td)': {
    textAlign: 'start',
    verticalAlign: 'top',
    px: '2',
    py: '2',
    borderBottomWidth: '1px',
    bg: 'bg',
  },
  '.data-list-table th': { fontWeight: 'medium', color: 'fg' },
  '.data-list-table [data-align=end]': { textAlign: 'end' },
  '.data-list-table :is(.data-list-first, .data-list-last)': { position: 'sticky', zIndex: 1 },
  '.data-list-table .data-list-first': {
    insetInlineStart: 0,
    boxShadow: 'inset -1px 0 0 var(--chakra-colors-border)',
  },
  '.data-list-table .data-list-last': {
    insetInlineEnd: 0,
    boxShadow: 'inset 1px 0 0 var(--chakra-colors-border)',
  },
  '.data-list-lead': { display: 'flex', gap: '2', alignItems: 'start' },
  '.data-list-lead-header': { alignItems: 'center' },
  '.data-list-cards': { display: 'flex', flexDirection: 'column', gap: '3', listStyleType: 'none' },
  '.data-list-card': { borderWidth: '1px', rounded: 'md', p: '3' },
  '.data-list-card-title': { fontWeight: 'medium', minWidth: 0 },
  '.data-list-facts': {
    display: 'grid',
    gridTemplateColumns: 'minmax(6rem, auto) 1fr',
    columnGap: '3',
    rowGap: '1',
    mt: '2',
  },
  '.data-list-fact': { display: 'contents' },
  '.data-list-fact dt': { fontSize: 'xs', color: 'fg.muted' },
  '.data-list-fact dd': { fontSize: 'sm', minWidth: 0, overflowWrap: 'anywhere' },
  '.data-list-card-actions': { mt: '3', pt: '2', borderTopWidth: '1px' },
} as const;
