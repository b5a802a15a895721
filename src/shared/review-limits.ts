// Review lengths, apart from the zod contracts (contracts/reviews.ts) so the review forms load no zod.
export const REVIEW_COMMENT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
