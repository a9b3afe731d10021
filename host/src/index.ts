// Async boundary: shared singletons (react, @prds/shared, …) are negotiated by the federation
// runtime before any code that imports them runs.
import('./bootstrap');
