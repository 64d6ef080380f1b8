/** Routes of the analyst's pages (issue 32); flow pages link here without loading them. */
export const CATALOGUE_PATH = '/flow_catalogue';
export const PREVIEW_PATH = '/flow_preview';
