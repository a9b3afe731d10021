module.exports = require('@prds/shared/jest').createJestConfig();
