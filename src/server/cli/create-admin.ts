// npm run admin:create -- <email>
// Creates an administrator with ADMIN_PASSWORD (or a generated password printed once), or promotes an
// existing account when ADMIN_PASSWORD is that account's own password: an address someone else
// signed up with never becomes an admin. Uses the server's configuration (DATA_DIR or DATABASE_URL).
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { ensureAdmin } from '../modules/users/users.service.ts';
import { openCliContext } from './cli-context.ts';

const USAGE = [
  'Usage : npm run admin:create -- <email>',
  '  Crée le compte administrateur, ou promeut le compte existant si ADMIN_PASSWORD est son mot de passe.',
  '  Mot de passe d’un nouveau compte : variable ADMIN_PASSWORD, sinon un mot de passe généré est affiché.',
  '  (Creates the admin with ADMIN_PASSWORD or a generated password; promotes an existing account only',
  '  when ADMIN_PASSWORD is its own password.)',
].join('\n');

async function main(): Promise<void> {
  const email = process.argv[2]?.trim().toLowerCase();
  if (!email || email === '--help' || email === '-h') {
    console.log(USAGE);
    process.exit(email ? 0 : 1);
  }
  if (!z.email().safeParse(email).success) {
    console.error(`Adresse e-mail invalide / invalid e-mail address: ${email}`);
    process.exit(1);
  }
  const givenPassword = process.env.ADMIN_PASSWORD;
  // No leading dash or underscore: the printed password must survive a copy and paste into a shell.
  const password = givenPassword ?? randomBytes(12).toString('base64url').replace(/[-_]/g, 'x');

  // ADMIN_EMAIL would make loadConfig require ADMIN_PASSWORD; this command names its own admin.
  delete process.env.ADMIN_EMAIL;
  const ctx = await openCliContext();
  try {
    const { user, outcome } = await ensureAdmin(ctx.db, email, password);
    if (outcome === 'created') {
      console.log(`Compte administrateur créé / admin account created: ${user.email}`);
      if (givenPassword) console.log('Mot de passe : celui de ADMIN_PASSWORD / password: the one in ADMIN_PASSWORD');
      else console.log(`Mot de passe généré (notez-le, il ne sera plus affiché) / generated password: ${password}`);
    } else if (outcome === 'promoted') {
      console.log(`Compte existant promu administrateur / existing account promoted to admin: ${user.email}`);
    } else if (outcome === 'refused') {
      console.error(
        `${user.email} est un compte existant dont le mot de passe n’est pas ADMIN_PASSWORD : non promu. ` +
          'Donnez son mot de passe dans ADMIN_PASSWORD pour le promouvoir. / ' +
          'existing account whose password is not ADMIN_PASSWORD: not promoted.',
      );
      process.exitCode = 1;
    } else {
      console.log(`${user.email} est déjà administrateur / is already an admin.`);
    }
  } finally {
    await ctx.database.close();
  }
}

main().catch((error: unknown) => {
  console.error('Échec de la création de l’administrateur / admin creation failed:', error);
  process.exit(1);
});
