/**
 * The chassis list's text → IDs (issue 17; issue 25: what is not an ID is said, not dropped).
 *
 * The text is split into entries on line breaks, commas, semicolons, tabs, pipes and quotes: a
 * spreadsheet column, a CSV row, a list in an e-mail. Within an entry, spaces separate IDs too
 * ("PLCZ123456 and PLCZ123457"), except that an entry which is one ID once its spaces are gone
 * ("PLCZ 123456") is that ID. Words with a digit and at least four characters are listed (a near
 * miss such as "PLCZ12345X" gets its row and format message); an entry with none is not listed
 * but named back to the user (`skipped`: "XXXX", "plcz 123", a column header), unless it is too
 * short to be meant as an ID (a size "40", a class "SWB").
 */
import { CHASSIS_ID_PATTERN, isChassisIdFormat, normalizeChassisId } from '../../domain/equipment';

const ENTRY_SEPARATORS = /[\r\n,;|"'\t]+/;
/** Whether the text ends on a separator: the entry before it is finished, not still being typed. */
const ENDS_ENTRY = /[\s,;|"']$/;

/** Shorter than this (spaces aside) an entry without an ID is not meant as one: "40", "SWB". */
const MEANT_AS_ID = 4;

/** The same chassis however typed: 'plcz-123456' and 'PLCZ123456' are one. */
export const sameChassisKey = (id: string) => (isChassisIdFormat(id) ? normalizeChassisId(id) : id);

const isIdLike = (word: string) => word.length >= 4 && /[0-9]/.test(word);

export interface ParsedText {
  /** Every ID-like word, in capitals (chassis IDs are capital letters and digits, issue 14), in order. */
  ids: string[];
  /** Entries that hold no ID, as typed (spaces collapsed). */
  skipped: string[];
  /** The last skipped entry is at the very end of the text: while typing it may still become an ID. */
  skippedLastOpen: boolean;
}

export function parseChassisText(text: string): ParsedText {
  const ids: string[] = [];
  const skipped: string[] = [];
  let skippedLastOpen = false;
  const entries = text.split(ENTRY_SEPARATORS);
  entries.forEach((raw, i) => {
    const entry = raw.trim().replace(/\s+/g, ' ');
    if (entry === '') return;
    const compact = entry.replaceAll(' ', '');
    if (entry.includes(' ') && CHASSIS_ID_PATTERN.test(compact)) {
      ids.push(compact.toUpperCase());
      return;
    }
    const found = entry.split(' ').filter(isIdLike);
    ids.push(...found.map((w) => w.toUpperCase()));
    if (found.length === 0 && compact.length >= MEANT_AS_ID) {
      skipped.push(entry);
      skippedLastOpen = i === entries.length - 1 && !ENDS_ENTRY.test(text);
    }
  });
  return { ids, skipped, skippedLastOpen };
}

export interface ParsedList {
  /** What is added, in order: each chassis once, at most `limit`. */
  ids: string[];
  duplicates: number;
  leftOut: number;
  /** Entries that are not chassis IDs, named to the user (not listed). */
  skipped: string[];
  /** The last of `skipped` ends the text: a typist may still be typing it. */
  skippedLastOpen: boolean;
}

/** Text → the list: parsed, de-duplicated, cut at the limit. */
export function chassisListOf(text: string, limit: number | undefined): ParsedList {
  const parsed = parseChassisText(text);
  const seen = new Set<string>();
  const unique: string[] = [];
  let duplicates = 0;
  for (const id of parsed.ids) {
    const key = sameChassisKey(id);
    if (seen.has(key)) duplicates++;
    else {
      seen.add(key);
      unique.push(id);
    }
  }
  const max = limit ?? unique.length;
  return {
    ids: unique.slice(0, max),
    duplicates,
    leftOut: Math.max(0, unique.length - max),
    skipped: parsed.skipped,
    skippedLastOpen: parsed.skippedLastOpen,
  };
}

/** How many entries the note names before "and N more". */
export const SKIPPED_NAMED = 10;

/** "2 entries are not chassis IDs and were not listed: XXXX, plcz 123." */
export function skippedNote(skipped: readonly string[]): string | null {
  if (skipped.length === 0) return null;
  const n = skipped.length;
  const named = skipped.slice(0, SKIPPED_NAMED).join(', ');
  const more = n > SKIPPED_NAMED ? ` and ${(n - SKIPPED_NAMED).toLocaleString('en-US')} more` : '';
  const head =
    n === 1
      ? '1 entry is not a chassis ID and was not listed'
      : `${n.toLocaleString('en-US')} entries are not chassis IDs and were not listed`;
  return `${head}: ${named}${more}. Correct or delete ${n === 1 ? 'it' : 'them'} in the text box.`;
}
