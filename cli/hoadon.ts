/** The `hoadon` command: thin sub-commands over the same services as the HTTP API. */
import { Command } from 'commander';
import { versionText } from '../src/assets.js';
import { registerAggregateCommand } from './commands/aggregate.js';
import { registerAuditCommands } from './commands/audit.js';
import { registerBackupCommands } from './commands/backup.js';
import { registerCertCommands } from './commands/cert.js';
import { registerExportCommands } from './commands/export.js';
import { registerHqCommands } from './commands/hq.js';
import { registerMigrateCommand } from './commands/migrate.js';
import { registerMstCommands } from './commands/mst.js';
import { registerQueueCommands } from './commands/queue.js';
import { registerServeCommand } from './commands/serve.js';
import { registerSyncCommands } from './commands/sync.js';
import { registerTaxSimCommand } from './commands/tax-sim.js';
import { registerUserCommands } from './commands/user.js';
import { runCommand } from './run.js';
import { speakVietnamese } from './vietnamese.js';

const program = speakVietnamese(new Command('hoadon'))
  .description('Máy chủ cửa hàng cho hóa đơn điện tử Việt Nam')
  .version(versionText(), '-v, --version', 'hiện phiên bản');

registerServeCommand(program);
registerTaxSimCommand(program);
registerMigrateCommand(program);
registerUserCommands(program);
registerBackupCommands(program);
registerAggregateCommand(program);
registerExportCommands(program);
registerMstCommands(program);
registerAuditCommands(program);
registerCertCommands(program);
registerQueueCommands(program);
registerSyncCommands(program);
registerHqCommands(program);

void runCommand(() => program.parseAsync(process.argv));
