// findBy*/waitFor give up after 1 s by default. The test command runs these suites beside the
// contract and api suites on two cores, where a render that takes 100 ms alone can take longer:
// a wait that fails there says nothing about the product, so the bound is raised.
require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
