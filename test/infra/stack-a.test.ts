// These infra specs in one Jest file: the CDK loads once and synthesizes warm for all of them; a Jest file of its own
// each loaded it again (about 3 s) and synthesized cold (5 s instead of 2). Two such files keep both CPUs busy.
import './api.spec';
import './backup.spec';
import './capacity.spec';
import './deployments.spec';
import './nag.spec';
import './stages.spec';
