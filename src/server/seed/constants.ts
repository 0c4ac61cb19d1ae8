/** Demo data constants: only the seed and its tests use them, so they stay out of src/shared. */
export const DEMO_PASSWORD = 'appui-demo';
export const DEMO_EMAIL_DOMAIN = 'appui.demo';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;
/** pg_advisory_xact_lock key: two processes starting on one empty database seed it once. */
export const SEED_LOCK_KEY = 4_201_770_001;
