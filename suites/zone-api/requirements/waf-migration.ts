import type { AreaCatalog } from '../../../src/core/requirements.js';

// WAF migration: the one-way move of a zone from the previous WAF managed rules to the new managed rules.
const catalog: AreaCatalog = {
  area: 'waf-migration',
  requirements: [
    // Resources and their fields > WAF migration objects
    { id: 'ZM-WAF-CHECK-RESULT-FIELDS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'The check result has result.compatible (boolean) and result.migration_state (string)' },
    { id: 'ZM-WAF-MIGRATION-STATE-START', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'migration_state is start for a zone that has not been migrated' },
    { id: 'ZM-WAF-CONFIG-FIELDS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'The new configuration has result.name (string) and result.rules (array of rule)' },
    { id: 'ZM-WAF-RULE-FIELDS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'A rule has id, version, action, expression, description, ref (strings), enabled (boolean) and action_parameters' },
    { id: 'ZM-WAF-RULE-ID-VERSION-MAY-BE-EMPTY', area: 'waf-migration', level: 'may', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'A rule id and version may be empty strings' },
    { id: 'ZM-WAF-RULE-ACTION-EXECUTE', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'The rule action execute is accepted (it executes a managed ruleset)' },
    { id: 'ZM-WAF-RULE-EXPRESSION-TRUE', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'The rule expression true covers all traffic' },
    { id: 'ZM-WAF-ACTION-PARAMETERS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'action_parameters has id (the managed ruleset to execute) and overrides' },
    { id: 'ZM-WAF-OVERRIDES-RULES', area: 'waf-migration', level: 'must', profile: 'core', section: 'Resources and their fields > WAF migration objects', text: 'overrides.rules is an array of {id (rule identifier), action (string, e.g. log), enabled (boolean)}' },

    // States and transitions > WAF migration
    { id: 'ZM-WAF-IRREVERSIBLE', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'The migration is irreversible: a migrated zone never returns to the previous managed rules' },
    { id: 'ZM-WAF-MIGRATION-STATES-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'States and transitions > WAF migration', text: 'migration_state values besides start: not shown', unspecified: true },
    { id: 'ZM-WAF-VALIDATION-ENTERPRISE-ONLY', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'PUT entry point with waf_migration=validation from start enters validation mode for Enterprise zones only' },
    { id: 'ZM-WAF-VALIDATION-BOTH-ENABLED', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'In validation mode the previous and the new managed rules are both enabled' },
    { id: 'ZM-WAF-VALIDATION-NEW-BEFORE-OLD', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'In validation mode the new managed rules run before the previous ones' },
    { id: 'ZM-WAF-NON-ENTERPRISE-VALIDATION-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'States and transitions > WAF migration', text: 'Outcome (error or state) of a validation call by a non-Enterprise zone: not shown', unspecified: true },
    { id: 'ZM-WAF-PENDING-MIGRATES', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'PUT entry point with waf_migration=pending from start or validation mode migrates the zone once the configuration is saved and the new rules enabled' },
    { id: 'ZM-WAF-PENDING-DISABLES-PREVIOUS', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'On migration by pending the previous managed rules are disabled automatically' },
    { id: 'ZM-WAF-PRO-BUSINESS-DIRECT', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'A compatible Pro or Business zone migrates directly from start to migrated by a dashboard or API update' },
    { id: 'ZM-WAF-PRO-BUSINESS-DISABLES-PREVIOUS', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'On direct Pro/Business migration the previous version is disabled automatically' },
    { id: 'ZM-WAF-USER-STARTS', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'The update is always started by the user: the service never migrates a zone on its own' },
    { id: 'ZM-WAF-URI-OVERRIDES-INCOMPATIBLE', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'A zone with URI-based WAF overrides (managed only through the API) is not compatible' },
    { id: 'ZM-WAF-URI-OVERRIDES-DELETE-FIRST', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'URI-based overrides must be deleted with the delete-WAF-override operation before the zone becomes compatible' },
    { id: 'ZM-WAF-PHASE1-WAF-STATE', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'Phase-one eligibility: WAF disabled, or only the first managed ruleset enabled (open web-application core rule set disabled)' },
    { id: 'ZM-WAF-PHASE1-NO-WAF-TOGGLING-RULES', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'Phase-one eligibility: no firewall rules or page rules bypassing, enabling or disabling WAF managed rules' },
    { id: 'ZM-WAF-PHASE1-NO-URI-OVERRIDES', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'Phase-one eligibility: no URI-based overrides' },
    { id: 'ZM-WAF-PHASE2-ALL-ELIGIBLE', area: 'waf-migration', level: 'must', profile: 'core', section: 'States and transitions > WAF migration', text: 'In phase two all zones are eligible, including partner accounts' },

    // Endpoints > WAF migration
    { id: 'ZM-WAF-CHECK-ENDPOINT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'GET /zones/{zone_id}/waf_migration/check returns result {compatible, migration_state}' },
    { id: 'ZM-WAF-CONFIG-ENDPOINT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'GET /zones/{zone_id}/waf_migration/config returns result {name, rules[]}' },
    { id: 'ZM-WAF-CONFIG-EQUALS-CURRENT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'The returned configuration is equal to the current previous-version configuration' },
    { id: 'ZM-WAF-PHASE-TWO-QUERY', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'check, config and the entry point PUT accept the query phase_two=1' },
    { id: 'ZM-WAF-ENTRYPOINT-PUT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'PUT /zones/{zone_id}/rulesets/phases/http_request_firewall_managed/entrypoint takes {name, rules[]} and answers with the envelope' },
    { id: 'ZM-WAF-ENTRYPOINT-PENDING-ALIAS-1', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'waf_migration=1 means the same as waf_migration=pending' },
    { id: 'ZM-WAF-ENTRYPOINT-VALIDATION-ALIAS-2', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'waf_migration=2 means the same as waf_migration=validation' },
    { id: 'ZM-WAF-VALIDATION-OMITS-ID-VERSION-REF', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'The validation call is accepted with rule id, version and ref omitted' },
    { id: 'ZM-WAF-PENDING-EMPTY-STRINGS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'The pending call is accepted with rule id, version and ref sent as empty strings' },
    { id: 'ZM-WAF-STATUS-ENDPOINT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'GET /zones/{zone_id}/waf_migration/status gives the enabled/disabled status of old and new managed rules and the current migration state' },
    { id: 'ZM-WAF-STATUS-FIELDS-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'Endpoints > WAF migration', text: 'Field names of the waf_migration/status result: not shown', unspecified: true },
    { id: 'ZM-WAF-RULESETS-OPS-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'Endpoints > WAF migration', text: 'Paths and payloads of the other rulesets operations: not shown', unspecified: true },
    // the procedure by API
    { id: 'ZM-WAF-PROC-1-CHECK', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'Procedure step 1: check compatibility; compatible false means the zone is ineligible' },
    { id: 'ZM-WAF-PROC-2-GET-CONFIG', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'Procedure step 2: get the configuration' },
    { id: 'ZM-WAF-PROC-3-VALIDATION-OPTIONAL', area: 'waf-migration', level: 'may', profile: 'core', section: 'Endpoints > WAF migration', text: 'Procedure step 3 (optional, Enterprise): PUT with validation and review the results' },
    { id: 'ZM-WAF-PROC-4-PENDING-FINAL', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration', text: 'Procedure step 4: PUT the final configuration with pending' },
    { id: 'ZM-WAF-INELIGIBLE-PUT-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'Endpoints > WAF migration', text: 'Response to a migration PUT on an ineligible (compatible false) zone: not shown', unspecified: true },
    // migration mapping rules
    { id: 'ZM-WAF-MAP-FW-BYPASS', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Firewall rules that bypass WAF managed rules are migrated' },
    { id: 'ZM-WAF-MAP-PAGE-RULE-DISABLE-SECURITY', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Page rules with Disable Security are migrated' },
    { id: 'ZM-WAF-MAP-PAGE-RULE-WAF-SETTING', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Page rules with the WAF on or off setting are migrated' },
    { id: 'ZM-WAF-MAP-OWASP-SENSITIVITY-ACTION', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Sensitivity and action of the open web-application rule set are migrated' },
    { id: 'ZM-WAF-MAP-GROUP-OVERRIDES-NOT-MIGRATED', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Group overrides of the open web-application rule set are not migrated (must be recreated)' },
    { id: 'ZM-WAF-MAP-RULE-OVERRIDES-NOT-MIGRATED', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Rule overrides of the open web-application rule set are not migrated (must be recreated)' },
    { id: 'ZM-WAF-MAP-SIMULATE-TO-LOG', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Action simulate migrates to log' },
    { id: 'ZM-WAF-MAP-PARANOIA-PL2', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Paranoia level is set to PL2 because the previous version had none' },
    { id: 'ZM-WAF-SENS-HIGH', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Old sensitivity High maps to paranoia PL2 and score threshold Medium (40 or higher)' },
    { id: 'ZM-WAF-SENS-MEDIUM', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Old sensitivity Medium maps to paranoia PL1 and score threshold High (25 or higher)' },
    { id: 'ZM-WAF-SENS-LOW', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Old sensitivity Low maps to paranoia PL1 and score threshold Medium (40 or higher)' },
    { id: 'ZM-WAF-SENS-DEFAULT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Old sensitivity Default maps to paranoia PL2 and score threshold Medium (40 or higher)' },
    { id: 'ZM-WAF-NO-GLOBAL-SWITCH', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'The new managed rules have no global on/off switch' },
    { id: 'ZM-WAF-RULESETS-DEPLOYED-INDIVIDUALLY', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Each new managed ruleset is deployed individually' },
    { id: 'ZM-WAF-PAGE-RULE-WAF-OFF-NO-EFFECT', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'The page-rule WAF Off setting does not disable the new managed rules' },
    { id: 'ZM-WAF-SKIP-RULES-DISABLE', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Exceptions (skip rules) do disable the new managed rules where they match' },
    { id: 'ZM-WAF-PREVIOUS-APIS-STOP', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'Previous-version managed rules APIs (packages, groups, rules, overrides) stop working for a zone once it is migrated (also States and Versioning)' },
    { id: 'ZM-WAF-RULESETS-API-REPLACES', area: 'waf-migration', level: 'must', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'After migration the rulesets API replaces the previous-version managed rules APIs' },
    { id: 'ZM-WAF-PREVIOUS-APIS-FAILURE-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'Endpoints > WAF migration > Migration mapping rules', text: 'How the previous-version APIs fail after migration (error code, HTTP status): not shown', unspecified: true },

    // Errors and Limits
    { id: 'ZM-WAF-LIMIT-200-RULES', area: 'waf-migration', level: 'must', profile: 'core', section: 'Limits', text: 'A zone with more than 200 firewall rules to migrate cannot be migrated by the user (contact support) (also Errors)' },
    { id: 'ZM-WAF-LIMIT-4KB-EXPRESSION', area: 'waf-migration', level: 'must', profile: 'core', section: 'Limits', text: 'A zone with a firewall rule expression longer than 4 KB cannot be migrated by the user (contact support) (also Errors)' },
    { id: 'ZM-WAF-LIMIT-ERROR-UNSPECIFIED', area: 'waf-migration', level: 'may', profile: 'core', section: 'Errors', text: 'Error code, HTTP status and check result for a zone over the migration limits: not shown', unspecified: true },

    // The reference's decisions where the spec says "not shown" (docs/waf-migration-contract.md)
    { id: 'ZM-WAF-EXT-PREVIOUS-API', area: 'waf-migration', level: 'must', profile: 'extended', section: 'docs/waf-migration-contract.md > The previous-version API', text: 'The previous-version API reads the fixed catalogue by package, group and rule; PATCH changes the core rule set\'s sensitivity and action_mode (the other package: 400) and a group\'s or rule\'s mode among its allowed values; URI-based overrides are created, read, replaced and deleted; an invalid body is 400; an unknown package, group, rule or override (or one of another package) is 404' },
    { id: 'ZM-WAF-EXT-QUERY-VALUES', area: 'waf-migration', level: 'must', profile: 'extended', section: 'docs/waf-migration-contract.md > Endpoints', text: 'phase_two absent or 0 is phase one and 1 phase two, anything else 400; waf_migration other than pending, 1, validation or 2 is 400; a migration PUT over a limit is refused with 403 whatever else stands in the way, an incompatible zone within the limits with 409' },
    { id: 'ZM-WAF-EXT-DEPLOYED-ENTRYPOINT', area: 'waf-migration', level: 'must', profile: 'extended', section: 'docs/waf-migration-contract.md > Endpoints', text: 'The migration PUT deploys its rules: an empty id gets a value, an empty version becomes "1" and an empty ref the id, given ones are kept; a later PUT of the entry point keeps its id and raises its version by one' },
  ],
};

export default catalog;
