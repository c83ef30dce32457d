import { z } from 'zod';

/**
 * Reasons the server stores or pushes (why WhatsApp is not connected, why a message failed, why a
 * follow-up step was not sent) travel as a code with parameters, like notifications, so each user
 * reads them in their language. The English sentence stays beside them for API users
 * and for rows written before the codes; the renderer words the code from its catalogue.
 */

/** A parameter is a name, a number or a short code (never a sentence: that would stay English). */
export type ReasonParams = Record<string, string | number>;

export const reasonParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]));
