// Search limits, shared by the search page and its query.

/** Search terms shorter than this match too much to be useful. */
export const MIN_SEARCH_LENGTH = 2;
export const MAX_SEARCH_RESULTS = 30;
/** Longer queries are cut: nobody types a paragraph into a search box. */
export const MAX_QUERY_LENGTH = 100;
