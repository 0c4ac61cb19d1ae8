import { describe, expect, it } from 'vitest';
import { BOOKING_SWEEP_INTERVAL_MS, REMINDER_SWEEP_INTERVAL_MS } from '#shared/constants.ts';
import { ConfigError, defaultDatabasePoolSize, loadConfig } from './config.ts';

const base = { JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/appui-config-test' };
/** Production with the simulator chosen explicitly (no Stripe keys). */
const demoProduction = { ...base, NODE_ENV: 'production', PAYMENTS_SIMULATOR: 'true' };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };

describe('payment modes', () => {
  it('refuses to start in production without Stripe keys, in one line naming the variables', () => {
    const production = { ...base, NODE_ENV: 'production' };
    for (const env of [production, { ...production, PAYMENTS_SIMULATOR: 'false' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.*PAYMENTS_SIMULATOR=true/);
    }
    expect(() => loadConfig({ ...production, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('runs the simulator in production only when PAYMENTS_SIMULATOR=true, with the demonstration banner', () => {
    const demo = loadConfig(demoProduction);
    expect(demo.stripe).toBeUndefined();
    expect(demo.demoBanner).toBe(true);
    const real = loadConfig({ ...base, NODE_ENV: 'production', ...stripeKeys });
    expect(real.stripe?.secretKey).toBe('sk_live_x');
    expect(real.demoBanner).toBe(false);
  });

  it('keeps the simulator without keys outside production, with no banner', () => {
    for (const env of [base, { ...base, NODE_ENV: 'test' }, { ...base, PAYMENTS_SIMULATOR: 'true' }]) {
      const config = loadConfig(env);
      expect(config.stripe).toBeUndefined();
      expect(config.demoBanner).toBe(false);
    }
  });

  it('refuses PAYMENTS_SIMULATOR=true with Stripe keys, naming both', () => {
    expect(() => loadConfig({ ...base, PAYMENTS_SIMULATOR: 'true', ...stripeKeys })).toThrow(
      /PAYMENTS_SIMULATOR=true and STRIPE_SECRET_KEY/,
    );
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to twice the cores, between 4 and 10', () => {
    expect([1, 2, 3, 4, 5, 16].map((cores) => defaultDatabasePoolSize(cores))).toEqual([4, 4, 6, 8, 10, 10]);
    expect(loadConfig(base).databasePoolSize).toBe(defaultDatabasePoolSize());
  });

  it('takes a whole number from 1 to 100 and names the variable otherwise', () => {
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '7' }).databasePoolSize).toBe(7);
    for (const bad of ['0', '101', '2.5', 'beaucoup']) {
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });
});

describe('SWEEP_INTERVAL_MS', () => {
  it('defaults to the interval of each sweep interval and, when set, paces both sweeps', () => {
    expect(loadConfig(base).sweepIntervals).toEqual({
      bookingsMs: BOOKING_SWEEP_INTERVAL_MS,
      remindersMs: REMINDER_SWEEP_INTERVAL_MS,
    });
    expect(loadConfig({ ...base, SWEEP_INTERVAL_MS: '250' }).sweepIntervals).toEqual({
      bookingsMs: 250,
      remindersMs: 250,
    });
    for (const bad of ['0', '99', '1.5', 'souvent']) {
      expect(() => loadConfig({ ...base, SWEEP_INTERVAL_MS: bad })).toThrow(/SWEEP_INTERVAL_MS/);
    }
  });
});

describe('SEED_DEMO', () => {
  it('defaults to demo data outside production only', () => {
    expect(loadConfig(base).seedDemo).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig({ ...demoProduction }).seedDemo).toBe(false);
    expect(loadConfig({ ...demoProduction, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses SEED_DEMO=true in production, naming the variable', () => {
    const production = { ...demoProduction, SEED_DEMO: 'true' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/SEED_DEMO/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy when unset, else a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the variable', () => {
    for (const bad of ['true', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/1', '1.5']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
