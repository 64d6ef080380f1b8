/** "10:42:07": when numbers that move (availability) were read, in the viewer's clock. */
export const stampOf = (iso: string) => new Date(iso).toLocaleTimeString('en-GB', { hour12: false });
