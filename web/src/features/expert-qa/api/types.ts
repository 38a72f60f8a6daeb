/**
 * Expert Q&A's wire types (spec 02 §3; docs/api.md "Expert Q&A"): the schemas of the OpenAPI
 * document (src/api/schema.d.ts, `make api-types`). The document says a string for status; the
 * server writes Open or Answered.
 */
import type { Narrow, Schemas } from '@/api/types';

/** An expert question. */
export type Question = Narrow<Schemas['Question'], { status: 'Open' | 'Answered' }>;

/** An answer; isExpert carries the Expert badge. */
export type Answer = Schemas['Answer'];

/** GET /api/expert-qa/{id}: the question with its first answers. */
export type QuestionDetail = Narrow<Schemas['QuestionDetail'], { status: 'Open' | 'Answered' }>;

/** GET /api/expert-qa/tags: a tag and how many questions carry it. */
export type TagCount = Schemas['QuestionTag'];
