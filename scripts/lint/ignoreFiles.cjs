// @ts-check
/**
 * What git ignores, ESLint and Prettier ignore too: both read the workspace's .gitignore files
 * (every one git honours, nested ones included, e.g. contracts/bench/.gitignore for the Gnosis
 * benchmark's downloaded sources) instead of lists of paths copied by hand. ESLint 9's flat config
 * reads no .gitignore and does not skip dot-folders; Prettier 3 reads only the .gitignore and
 * .prettierignore of the folder it runs in.
 *
 * - eslint.config.mjs: `...eslintIgnoreConfigs(ROOT)`
 * - scripts/lint/prettier.mjs: prettier with `--ignore-path` for each of `prettierIgnorePaths(ROOT)`
 *   (Prettier resolves each ignore file's patterns from that file's own folder).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { convertIgnorePatternToMinimatch } = require('@eslint/compat');

/**
 * The .gitignore files git honours in `root`, relative POSIX paths, the root's first: tracked ones and
 * new ones git does not itself ignore (a .gitignore inside an ignored folder, such as one in a
 * downloaded package, is not read by git either). Without git (a source tarball): the root's only.
 * @param {string} root
 * @returns {string[]}
 */
function gitignoreFiles(root) {
  let listed;
  try {
    listed = execFileSync(
      'git',
      ['ls-files', '--cached', '--others', '--exclude-standard', '--', '.gitignore', ':(glob)**/.gitignore'],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    )
      .split('\n')
      .filter(Boolean);
  } catch {
    listed = ['.gitignore'];
  }
  const present = [...new Set(listed)].filter((file) => fs.existsSync(path.join(root, file)));
  return present.sort((a, b) => a.split('/').length - b.split('/').length || a.localeCompare(b));
}

/**
 * One .gitignore line as an ESLint ignore pattern, from a .gitignore in folder `dir` ('' for the
 * root, else e.g. 'contracts/bench'): @eslint/compat converts the line as if the file were at the
 * root, and the folder is put in front (after a negation's `!`). Null for blank lines and comments.
 * @param {string} line
 * @param {string} dir
 * @returns {string | null}
 */
function toEslintPattern(line, dir) {
  const trimmed = line.trim();
  if (!trimmed || trimmed.startsWith('#')) return null;
  const converted = convertIgnorePatternToMinimatch(trimmed);
  if (!dir) return converted;
  const negated = converted.startsWith('!');
  return `${negated ? '!' : ''}${dir}/${negated ? converted.slice(1) : converted}`;
}

/**
 * A flat-config global-ignores object per .gitignore git honours in `root`.
 * @param {string} root
 * @returns {{ name: string, ignores: string[] }[]}
 */
function eslintIgnoreConfigs(root) {
  return gitignoreFiles(root).map((file) => {
    const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split(/\r?\n/);
    return {
      name: `git-ignored: ${file}`,
      ignores: lines.map((line) => toEslintPattern(line, dir)).filter((pattern) => pattern !== null),
    };
  });
}

/**
 * Prettier's `--ignore-path` list: every .gitignore git honours, then the root's .prettierignore.
 * @param {string} root
 * @returns {string[]}
 */
function prettierIgnorePaths(root) {
  return [...gitignoreFiles(root), ...(fs.existsSync(path.join(root, '.prettierignore')) ? ['.prettierignore'] : [])];
}

module.exports = { gitignoreFiles, toEslintPattern, eslintIgnoreConfigs, prettierIgnorePaths };
