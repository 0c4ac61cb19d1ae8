import type { ReactNode } from 'react';

/** What the helper profile lets a reader report: the profile itself, or one of its reviews. */
export type ProfileReportTarget = { type: 'user' | 'review'; id: string };

/**
 * The page's "Signaler" (issue 13 section 1), passed in since features do not import each other. It
 * handles a visitor itself (the login dialog); the profile leaves it out only for the author.
 */
export type RenderReportAction = (target: ProfileReportTarget) => ReactNode;
