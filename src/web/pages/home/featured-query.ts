export const FEATURED_COUNT = 3;

/** The search behind the home page's featured caregivers (the page prefetches it for server rendering). */
export const FEATURED_QUERY = new URLSearchParams({ sort: 'rating', limit: String(FEATURED_COUNT) });
