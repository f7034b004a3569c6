// These infra specs in one Jest file: the CDK loads once and synthesizes warm for all of them; a Jest file of its own
// each loaded it again (about 3 s) and synthesized cold (5 s instead of 2). Two such files keep both CPUs busy.
import './alarms.spec';
import './bootstrap.spec';
import './functions.spec';
import './origin.spec';
import './restored-table.spec';
import './retained.spec';
import './settings.spec';
import './site.spec';
import './table.spec';
import './user-pool.spec';
