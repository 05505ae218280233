#!/usr/bin/env bash
# Rebuild the LaTeXML ground truth (paper.latexml.html) of one or more corpus folders.
#
#   tools/eval/build-corpus-truth.sh /work/corpus/<slug> [more folders...]
#
# A corpus folder holds paper.pdf, source/ (the authors' LaTeX) and meta.json, whose
# "texPath" names the main .tex file (its base name is looked up in source/). The
# conversion runs in a scratch copy so source/ stays as fetched, except that a .bbl
# made here (when the authors committed none) is kept next to the .tex: LaTeXML reads
# the .bbl, so the bibliography then has the same entries and order as the PDF.
#
# Needs: latexml (apt-get install -y latexml), pdflatex + bibtex/biber (texlive-*),
# node (to read meta.json). Each conversion is time-boxed (LATEXML_TIMEOUT, default 300 s).
#
# meta.json may list "latexmlDropPackages": packages left out of the conversion (see below).
# meta.json may list "latexmlExclude": files removed from the scratch copy before LaTeXML
# runs (after BibTeX). A local .cls makes LaTeXML load the raw packages it requires; some
# (tcolorbox, nicematrix: expl3) take LaTeXML longer than the time box, while its built-in
# fallback class converts the text just as well.
# meta.json may list "latexmlStubs": packages replaced by the stand-ins in
# tools/eval/latexml-stubs/<name>.tex (their \usepackage line is commented out and the
# stand-in is input after \documentclass). glossaries and mhchem load expl3; their
# stand-ins keep the text they print (an acronym's "long (short)" on first use).
set -u
stubs_dir="$(cd "$(dirname "$0")/latexml-stubs" && pwd)"
timeout_s="${LATEXML_TIMEOUT:-300}"
status=0

for folder in "$@"; do
  folder="$(cd "$folder" && pwd)"
  meta="$folder/meta.json"
  if [ ! -f "$meta" ] || [ ! -d "$folder/source" ]; then
    echo "SKIP $folder: needs meta.json and source/" >&2; status=1; continue
  fi
  tex_path="$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).texPath)' "$meta")"
  main="$(basename "$tex_path" .tex)"
  exclude="$(node -e 'console.log((JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).latexmlExclude ?? []).join("\n"))' "$meta")"
  drop="$(node -e 'console.log((JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).latexmlDropPackages ?? []).join("\n"))' "$meta")"
  stubs="$(node -e 'console.log((JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).latexmlStubs ?? []).join("\n"))' "$meta")"
  # The main file may sit in a subfolder of source/ (kept as in the repository).
  # Prefer the texPath as given (source/ keeps the repository layout); a bare name search could
  # pick a same-named file in a subfolder (content/approach/main.tex before main.tex).
  if [ -f "$folder/source/$tex_path" ]; then main_dir="$(dirname "$folder/source/$tex_path")"
  else main_dir="$(dirname "$(find "$folder/source" -name "$main.tex" -print -quit)")"; fi
  if [ ! -f "$main_dir/$main.tex" ]; then
    echo "FAIL $folder: $main.tex not found under source/" >&2; status=1; continue
  fi
  scratch="$(mktemp -d)"
  cp -r "$main_dir/." "$scratch/"
  (
    cd "$scratch" || exit 1
    # The bibliography command may sit in a file the main one inputs (JuliaCon's bib.tex).
    if [ ! -f "$main.bbl" ] && grep -rqE --include='*.tex' '\\(bibliography|addbibresource)\{' .; then
      # One LaTeX pass writes the .aux that BibTeX (or Biber, for biblatex) reads.
      timeout "$timeout_s" pdflatex -interaction=nonstopmode -draftmode "$main.tex" > latex.log 2>&1
      if [ -f "$main.bcf" ]; then timeout "$timeout_s" biber "$main" > bib.log 2>&1
      else timeout "$timeout_s" bibtex "$main" > bib.log 2>&1; fi
      [ -s "$main.bbl" ] && cp "$main.bbl" "$main_dir/$main.bbl"
    fi
    while IFS= read -r excluded; do [ -n "$excluded" ] && rm -f "./$excluded"; done <<< "$exclude"
    # latexmlDropPackages: packages whose \usepackage line is commented out in the scratch .tex
    # files (in subfolders too: a preamble kept in preamble/packages.tex is \input by the main
    # file). LaTeXML 0.8 reads expl3 (pulled in by lipsum, xparse, siunitx, mdframed…) for
    # longer than any time box; these packages only style or fill text.
    while IFS= read -r package; do
      [ -n "$package" ] && find . -name '*.tex' -exec sed -i -E 's/^([[:space:]]*\\usepackage(\[[^]]*\])?\{'"$package"'\})/%\1/' {} +
    done <<< "$drop"
    while IFS= read -r package; do
      [ -n "$package" ] || continue
      find . -name '*.tex' -exec sed -i -E 's/^([[:space:]]*\\usepackage(\[[^]]*\])?\{'"$package"'\})/%\1/' {} +
      cp "$stubs_dir/$package.tex" "./verbatim-stub-$package.tex"
      sed -i -E '0,/^[[:space:]]*\\documentclass/s//\\input{verbatim-stub-'"$package"'.tex}\n&/' "$main.tex"
    done <<< "$stubs"
    # LaTeXML 0.8 reads \bibliography{x} from x.bib itself and keeps only the entries it saw
    # cited, which can leave the list empty; the .bbl BibTeX made is what the PDF printed.
    if [ -s "$main.bbl" ]; then
      find . -name '*.tex' -exec sed -i -E 's/^([^%]*)\\bibliography\{[^}]*\}/\1\\input{'"$main"'.bbl}/' {} +
    fi
    # Figures are not converted: the eval compares text, and image conversion is slow.
    # localrawstyles: the authors' own .sty files next to the .tex are read (as arXiv's
    # conversion does), so their macros expand instead of dropping text.
    timeout "$timeout_s" latexmlc --format=html5 --nographicimages --nodefaultresources \
      --preload='[localrawstyles]latexml.sty' --timeout="$timeout_s" \
      --dest="$scratch/out/paper.latexml.html" --log="$scratch/latexml.log" "$main.tex" > /dev/null 2>&1
  )
  # The log stays with the folder (outside git): it lists what LaTeXML could not convert.
  cp "$scratch/latexml.log" "$folder/latexml.log" 2>/dev/null
  if [ ! -s "$scratch/out/paper.latexml.html" ]; then
    echo "FAIL $folder: latexmlc produced nothing (see $folder/latexml.log)"
    status=1; rm -rf "$scratch"; continue
  fi
  html="$scratch/out/paper.latexml.html"
  sections=$(grep -o 'class="ltx_section' "$html" | wc -l)
  paragraphs=$(grep -o 'class="ltx_para' "$html" | wc -l)
  bibitems=$(grep -o 'class="ltx_bibitem' "$html" | wc -l)
  summary=$(grep -E '^Conversion complete' "$scratch/latexml.log" | tail -1)
  if [ "$paragraphs" -lt 5 ]; then
    # A conversion cut short (time box, fatal error) leaves an empty page: keep no ground truth.
    echo "FAIL $(basename "$folder"): no paragraphs ($summary)"; status=1; rm -rf "$scratch"; continue
  fi
  cp "$html" "$folder/paper.latexml.html"
  echo "OK   $(basename "$folder"): sections=$sections paragraphs=$paragraphs bibitems=$bibitems ($summary)"
  [ "$sections" -eq 0 ] && echo "WARN $(basename "$folder"): no sections"
  rm -rf "$scratch"
done
exit $status
