#!/usr/bin/env bash
# Gathers the archives that docs/records.md measures: every file of
# manifest.tsv, taken from its repository at the commit the manifest names,
# into ARCHIVE_DIR (outside the repository: nothing gathered is committed).
#
#   bench/records/gather.sh ARCHIVE_DIR
#
# Each repository is cloned once into ARCHIVE_DIR/.git-cache. Where copies of
# the repositories already exist, RECORDS_GIT_DIR names their git directories
# with {owner} and {name} in place of the repository's owner and name, e.g.
# RECORDS_GIT_DIR='/srv/mirrors/{owner}/{name}.git'. In the manifest's paths:
#   a.zip!b.pgn    the member b.pgn of the zip archive a.zip;
#   dir/*.pdn      every file of dir ending in .pdn, in name order, one after
#                  the other (a collection kept one record a file);
#   a.pgn|gb18030  a.pgn, written in GB18030 (as Chinese xiangqi software
#                  writes), converted to UTF-8.
# The manifest is copied to ARCHIVE_DIR/MANIFEST.tsv, which run.sh reads.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[[ $# -eq 1 ]] || { echo "usage: $0 ARCHIVE_DIR" >&2; exit 2; }
archive=$1
mkdir -p "$archive"
archive=$(cd "$archive" && pwd)

git_dir_of() {  # owner/name -> a git directory holding its history
  local owner=${1%%/*} name=${1#*/}
  if [[ -n ${RECORDS_GIT_DIR:-} ]]; then
    local dir=${RECORDS_GIT_DIR//\{owner\}/$owner}
    echo "${dir//\{name\}/$name}"
    return
  fi
  local dir="$archive/.git-cache/$owner+$name.git"
  [[ -d $dir ]] || git clone --quiet --bare "https://github.com/$1.git" "$dir" >&2
  echo "$dir"
}

while IFS= read -r line; do
  IFS=$'\t' read -r local repo commit path _ <<<"$line"
  [[ -n $local && $local != local_path ]] || continue
  dir=$(git_dir_of "$repo")
  mkdir -p "$(dirname "$archive/$local")"
  if [[ $path == *'|gb18030' ]]; then
    git --git-dir="$dir" show "$commit:${path%|gb18030}" | iconv -f GB18030 -t UTF-8 >"$archive/$local"
  elif [[ $path == *'/*.'* ]]; then
    folder=${path%/\**} suffix=${path##*\*}
    git --git-dir="$dir" ls-tree --name-only "$commit" "$folder/" | LC_ALL=C sort |
      while IFS= read -r file; do
        [[ $file == *"$suffix" ]] || continue
        git --git-dir="$dir" show "$commit:$file"
        echo
      done >"$archive/$local"
  elif [[ $path == *'!'* ]]; then
    zip=$(mktemp)
    git --git-dir="$dir" show "$commit:${path%%!*}" >"$zip"
    unzip -p "$zip" "${path#*!}" >"$archive/$local"
    rm -f "$zip"
  else
    git --git-dir="$dir" show "$commit:$path" >"$archive/$local"
  fi
done <"$here/manifest.tsv"
cp "$here/manifest.tsv" "$archive/MANIFEST.tsv"
echo "gathered $(($(wc -l <"$archive/MANIFEST.tsv") - 1)) files into $archive"
