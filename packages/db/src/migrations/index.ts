import type { Migration } from 'kysely';
import * as m20261122150000 from './20261122150000-CoreSchema';
import * as m20261122170000 from './20261122170000-ProjectExports';
import * as m20261122171000 from './20261122171000-ChatStreaming';
import * as m20261122180000 from './20261122180000-AdminAudit';
import * as m20261122181000 from './20261122181000-AnalyticsEvents';
import * as m20261122182000 from './20261122182000-Studios';
import * as m20261122183000 from './20261122183000-Workspace';
import * as m20261122190000 from './20261122190000-ImageEditor';
import * as m20261122191000 from './20261122191000-SoundEditor';
import * as m20261122192000 from './20261122192000-Seo';
import * as m20261122193000 from './20261122193000-Collaboration';
import * as m20261125100000 from './20261125100000-RowVersions';
import * as m20261125130000 from './20261125130000-FirstVisit';
import * as m20261125150000 from './20261125150000-Email';
import * as m20261125180000 from './20261125180000-SelfHostedEngines';
import * as m20261125190100 from './20261125190100-ApiKeys';
import * as m20261125190200 from './20261125190200-Webhooks';

/**
 * Every migration, in order. Adding one: create `migrations/<timestamp>-<PascalName>.ts` with
 * `up(db: Kysely<any>)` and list it here (a static list bundles cleanly, unlike a folder scan).
 */
export const migrations: Record<string, Migration> = {
  '20261122150000-CoreSchema': m20261122150000,
  '20261122170000-ProjectExports': m20261122170000,
  '20261122171000-ChatStreaming': m20261122171000,
  '20261122180000-AdminAudit': m20261122180000,
  '20261122181000-AnalyticsEvents': m20261122181000,
  '20261122182000-Studios': m20261122182000,
  '20261122183000-Workspace': m20261122183000,
  '20261122190000-ImageEditor': m20261122190000,
  '20261122191000-SoundEditor': m20261122191000,
  '20261122192000-Seo': m20261122192000,
  '20261122193000-Collaboration': m20261122193000,
  '20261125100000-RowVersions': m20261125100000,
  '20261125130000-FirstVisit': m20261125130000,
  '20261125150000-Email': m20261125150000,
  '20261125180000-SelfHostedEngines': m20261125180000,
  '20261125190100-ApiKeys': m20261125190100,
  '20261125190200-Webhooks': m20261125190200,
};
