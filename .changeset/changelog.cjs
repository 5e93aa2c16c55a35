// The changelog lines `changeset version` writes: each change with a link to the commit that added
// its changeset, on the repository named in config.json's `changelog` options. A local module
// because @changesets/changelog-github needs GitHub's API and a token, which CI does not have.
'use strict';

/** `https://github.com/owner/name` from the options, without a trailing slash or `.git`. */
function repositoryUrl(options) {
  const url = options?.repository;
  if (typeof url !== 'string' || !/^https:\/\//.test(url)) {
    const setting = '["./changelog.cjs", { "repository": "https://…" }]';
    throw new Error(`.changeset/config.json must set "changelog" to ${setting}`);
  }
  return url.replace(/\.git$/, '').replace(/\/$/, '');
}

function commitLink(commit, options) {
  return `[${commit.slice(0, 7)}](${repositoryUrl(options)}/commit/${commit})`;
}

/** `- [abc1234](…/commit/abc1234…): first line`, later lines of the summary indented under it. */
async function getReleaseLine(changeset, _type, options) {
  const [firstLine, ...laterLines] = changeset.summary
    .trim()
    .split('\n')
    .map((line) => line.trimEnd());
  const link = changeset.commit ? `${commitLink(changeset.commit, options)}: ` : '';
  const indented = laterLines.map((line) => (line ? `  ${line}` : ''));
  return [`- ${link}${firstLine}`, ...indented].join('\n');
}

/** `- Updated dependencies [links]`, then each updated workspace package with its new version. */
async function getDependencyReleaseLine(changesets, dependenciesUpdated, options) {
  if (dependenciesUpdated.length === 0) return '';
  // One link per commit: a commit that added several changesets is listed once.
  const commits = [...new Set(changesets.map((changeset) => changeset.commit).filter(Boolean))];
  const links = commits.map((commit) => commitLink(commit, options));
  return [
    `- Updated dependencies${links.length ? ` ${links.join(', ')}` : ''}:`,
    ...dependenciesUpdated.map((dependency) => `  - ${dependency.name}@${dependency.newVersion}`),
  ].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
