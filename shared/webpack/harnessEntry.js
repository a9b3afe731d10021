// Async boundary for a remote's standalone dev harness: shared modules (react, @prds/shared, …) are not
// eager, so the harness must load after the federation runtime has initialised the share scope.
import('prds-dev-harness');
