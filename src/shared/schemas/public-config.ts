import { z } from 'zod';

/**
 * What the server tells every page it sends about itself (STYLE.md habit 3: only what is explicitly
 * public), in <script type="application/json" id="appui-public-config">.
 */
export const PublicConfigSchema = z.object({
  /** The payment simulator runs in production (PAYMENTS_SIMULATOR=true): no payment is real. */
  demo_banner: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = Object.freeze({ demo_banner: false });
