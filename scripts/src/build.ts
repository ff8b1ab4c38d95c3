// `npm run build`: the admin and kiosk apps, served by the server in production.
import { run } from './lib/run.ts';

process.exit(await run('pnpm', ['--filter', '@vestibule/admin', '--filter', '@vestibule/kiosk', 'run', 'build']));
