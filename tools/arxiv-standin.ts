/**
 * A local stand-in for arxiv.org, serving the fixture papers as abs pages (with the
 * citation_* meta tags real abs pages carry), HTML full text wrapped in arXiv's site
 * chrome, and PDFs; as ar5iv.labs.arxiv.org, older LaTeXML HTML for the papers marked
 * `ar5iv`. Chromium reaches it as arxiv.org and ar5iv through --host-resolver-rules.
 * A few extra ids play the failure cases: withdrawn, conversion failed, oversized.
 */
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { AR5IV_HOST } from '../shared/capture/capture-paper';
import { extractLatexml } from '../shared/extract/latexml';
import { parseHtmlWithLinkedom } from '../shared/library/html-parser-linkedom';
import { FIXTURE_PAPERS, fixturePath, type FixturePaper } from './fixture-papers';
import { toAr5ivForm } from './ar5iv-form';
import { selfSignedCertificate } from './self-signed';

export const FAILURE_IDS = {
  withdrawn: '0001.00001',
  conversionFailed: '0001.00002',
  oversized: '0001.00003',
  notFound: '0001.00004',
  /** Its HTML full text redirects off arXiv, to `StandInOptions.elsewhere`. */
  redirectsAway: '0001.00006',
  /** Its abs page links the HTML full text off arXiv, at `StandInOptions.elsewhere`. */
  linksAway: '0001.00007',
} as const;

export interface StandInOptions {
  /** Where the off-arXiv cases point (a loopback server in tests); the stand-in never serves it. */
  elsewhere?: string;
}

/** A request the stand-in holds until released, so a test can act while a save is under way. */
export interface HeldRequest {
  arrived: Promise<void>;
  release(): void;
}

interface PaperInfo {
  title: string;
  authors: string[];
  abstract: string;
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function infoFor(paper: FixturePaper): PaperInfo {
  if (!paper.hasHtml && !paper.ar5iv) return { title: paper.title ?? `Paper ${paper.arxivId}`, authors: paper.authors ?? ['A. Author'], abstract: 'Only a PDF is available for this paper.' };
  const extracted = extractLatexml(parseHtmlWithLinkedom(readFileSync(fixturePath(paper.folder, 'paper.latexml.html'), 'utf8')));
  return { title: extracted.title, authors: extracted.authors, abstract: extracted.abstract };
}

/** "Animesh Sinha" -> "Sinha, Animesh", the form of citation_author. */
function citationAuthor(name: string): string {
  const parts = name.trim().split(/\s+/);
  return parts.length < 2 ? name : `${parts[parts.length - 1]}, ${parts.slice(0, -1).join(' ')}`;
}

export interface AbsPageOptions {
  withdrawn?: boolean;
  /** Versions to list in the submission history; the last is the current one. */
  versions?: string[];
  subjects?: string;
  comments?: string;
  journalRef?: string;
  doi?: string;
}

const VERSION_DATES = ['Fri, 2 Apr 2021 17:05:27 UTC', 'Mon, 12 Jul 2021 09:41:03 UTC', 'Tue, 1 Feb 2022 11:00:00 UTC'];

/** An abs page with the structure of arxiv.org's: citation_* meta tags, metatable, submission history, license. */
export function absPage(paper: { arxivId: string; version: string; hasHtml: boolean }, info: PaperInfo, extra: AbsPageOptions = {}): string {
  const id = paper.arxivId;
  const versions = extra.versions ?? [paper.version];
  const current = versions[versions.length - 1]!;
  const metas = [
    `<meta name="citation_title" content="${escapeHtml(info.title)}" />`,
    ...info.authors.map((a) => `<meta name="citation_author" content="${escapeHtml(citationAuthor(a))}" />`),
    `<meta name="citation_date" content="2021/04/02" />`,
    `<meta name="citation_online_date" content="2021/04/02" />`,
    `<meta name="citation_pdf_url" content="https://arxiv.org/pdf/${id}" />`,
    `<meta name="citation_arxiv_id" content="${id}" />`,
    `<meta name="citation_abstract" content="${escapeHtml(info.abstract)}" />`,
  ].join('\n    ');
  const htmlLink = paper.hasHtml ? `<li><a href="https://arxiv.org/html/${id}${current}" class="abs-button" id="latexml-download-link">HTML (experimental)</a></li>` : '';
  const rows = [
    extra.comments || extra.withdrawn ? `<tr><td class="tablecell label">Comments:</td><td class="tablecell comments mathjax">${escapeHtml(extra.withdrawn ? 'This paper has been withdrawn by the author due to an error in the main result.' : extra.comments!)}</td></tr>` : '',
    `<tr><td class="tablecell label">Subjects:</td><td class="tablecell subjects">${extra.subjects ?? '<span class="primary-subject">Quantum Physics (quant-ph)</span>; Machine Learning (cs.LG)'}</td></tr>`,
    extra.journalRef ? `<tr><td class="tablecell label">Journal&nbsp;reference:</td><td class="tablecell jref">${escapeHtml(extra.journalRef)}</td></tr>` : '',
    `<tr><td class="tablecell label">Cite as:</td><td class="tablecell arxivid"><span class="arxivid"><a href="https://arxiv.org/abs/${id}">arXiv:${id}</a> [quant-ph]</span></td></tr>`,
    `<tr><td class="tablecell label">&nbsp;</td><td class="tablecell arxividv">(or <span class="arxivid"><a href="https://arxiv.org/abs/${id}${current}">arXiv:${id}${current}</a> [quant-ph]</span> for this version)</td></tr>`,
    `<tr><td class="tablecell label">&nbsp;</td><td class="tablecell arxivdoi"><a href="https://doi.org/10.48550/arXiv.${id}" id="arxiv-doi-link">https://doi.org/10.48550/arXiv.${id}</a></td></tr>`,
    extra.doi ? `<tr><td class="tablecell label">Related DOI:</td><td class="tablecell doi"><a href="https://doi.org/${extra.doi}">https://doi.org/${extra.doi}</a></td></tr>` : '',
  ].join('\n');
  const history = versions.map((v, i) => `<strong><a href="/abs/${id}${v}">[${v}]</a></strong> ${VERSION_DATES[i] ?? VERSION_DATES[0]} (1,0${i}4 KB)<br />`).join('\n');
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8" /><title>[${id}] ${escapeHtml(info.title)}</title>
    ${metas}
</head><body>
<header><div id="header"><a href="/">arXiv</a> &gt; quant-ph &gt; arXiv:${id}</div><form class="search"><input name="query" /><button>Search</button></form></header>
<main><div id="abs-outer"><div class="leftcolumn"><div id="content-inner"><div id="abs">
  <div class="dateline">[Submitted on 2 Apr 2021]</div>
  <h1 class="title mathjax"><span class="descriptor">Title:</span>${escapeHtml(info.title)}</h1>
  <div class="authors"><span class="descriptor">Authors:</span>${info.authors.map((a) => `<a href="/a/${encodeURIComponent(a)}">${escapeHtml(a)}</a>`).join(', ')}</div>
  <blockquote class="abstract mathjax"><span class="descriptor">Abstract:</span>${escapeHtml(info.abstract)}</blockquote>
  <div class="metatable"><table summary="Additional metadata">${rows}</table></div>
</div></div>
<div class="submission-history"><h2>Submission history</h2>From: ${escapeHtml(info.authors[0] ?? 'A. Author')} [<a href="/show-email/x/${id}">view email</a>]<br />
${history}
</div></div>
<div class="extra-services"><div class="full-text"><h2>Access Paper:</h2><ul>
  <li><a href="/pdf/${id}" class="abs-button download-pdf">View PDF</a></li>
  ${htmlLink}
</ul><div class="abs-license"><a href="http://creativecommons.org/licenses/by/4.0/" title="Rights to this article" class="has_license">view license</a></div></div></div></div></main>
<footer><ul><li><a href="/help">Help</a></li><li><a href="/about">About</a></li></ul></footer>
</body></html>`;
}

/** Wraps LaTeXML output in the chrome arxiv.org/html adds: header, navigation TOC, footer, feedback button. */
export function withSiteChrome(latexmlHtml: string, id: string): string {
  const header = `<header class="desktop_header"><div class="html-header-logo"><a href="https://arxiv.org/">arXiv</a></div><div class="html-header-message">This is experimental HTML to improve accessibility.</div><nav class="html-header-nav"><a href="https://arxiv.org/abs/${id}">Back to abstract page</a><a href="https://arxiv.org/pdf/${id}">Download PDF</a></nav></header>`;
  const nav = `<nav class="ltx_TOC ltx_page_navbar"><h2>Table of Contents</h2><ol class="ltx_toclist"><li class="ltx_tocentry"><a href="#S1">1 Introduction</a></li><li class="ltx_tocentry"><a href="#bib">References</a></li></ol></nav>`;
  const footer = `<footer id="footer" class="ltx_page_footer"><p>Generated by LaTeXML. Instructions for reporting errors.</p><button class="btn" id="openForm">Report Issue</button></footer>`;
  return latexmlHtml.replace(/<body([^>]*)>/, `<body$1>${header}${nav}`).replace(/<\/body>/, `${footer}<button class="ltx_role_feedback">Report an issue with this section</button></body>`);
}

export interface StandIn {
  httpPort: number;
  httpsPort: number | null;
  /** Chromium flag value that sends arxiv.org to this server. */
  hostResolverRules: string;
  requests: string[];
  /** Publishes a new version of a fixture paper (its HTML stays the fixture's). */
  publishVersion(arxivId: string, version: string): void;
  /** Holds the next request for this path until released. */
  hold(path: string): HeldRequest;
  close(): Promise<void>;
}

export async function startArxivStandIn(options: StandInOptions = {}): Promise<StandIn> {
  const infos = new Map<string, PaperInfo>();
  const versions = new Map<string, string[]>();
  const requests: string[] = [];
  const held = new Map<string, { arrive(): void; released: Promise<void> }>();
  const elsewhere = options.elsewhere ?? 'http://127.0.0.1:9';
  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    requests.push(req.url ?? '');
    const hold = held.get(req.url ?? '');
    if (hold) {
      held.delete(req.url ?? '');
      hold.arrive();
      await hold.released;
    }
    const slowMs = FIXTURE_PAPERS.find((p) => req.url?.includes(`/${p.arxivId}`))?.slowMs ?? 0;
    setTimeout(() => {
      try {
        route(req, res, infos, versions, elsewhere);
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      }
    }, slowMs);
  };
  const http = createHttpServer(handler);
  await listen(http);
  let https: Server | null = null;
  const certificate = selfSignedCertificate();
  if (certificate) {
    https = createHttpsServer(certificate, handler);
    await listen(https);
  }
  const httpPort = (http.address() as AddressInfo).port;
  const httpsPort = https ? (https.address() as AddressInfo).port : null;
  const hosts = ['arxiv.org', 'www.arxiv.org', AR5IV_HOST];
  const rules = hosts.map((host) => `MAP ${host}:80 127.0.0.1:${httpPort}`);
  if (httpsPort) rules.push(...hosts.map((host) => `MAP ${host}:443 127.0.0.1:${httpsPort}`));
  return {
    httpPort,
    httpsPort,
    hostResolverRules: rules.join(', '),
    requests,
    publishVersion: (arxivId, version) => versions.set(arxivId, [...(versions.get(arxivId) ?? ['v1']), version]),
    hold(path) {
      let arrive!: () => void;
      let release!: () => void;
      const arrived = new Promise<void>((r) => (arrive = r));
      const released = new Promise<void>((r) => (release = r));
      held.set(path, { arrive, released });
      return { arrived, release };
    },
    close: async () => {
      await Promise.all([http, https].filter((s): s is Server => s !== null).map((s) => new Promise<void>((r) => { s.closeAllConnections(); s.close(() => r()); })));
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
}

/** ar5iv: /html/<id> for the papers marked `ar5iv`, in the older LaTeXML form; a 404 page for the rest. */
function routeAr5iv(path: string, res: ServerResponse): void {
  const m = /^\/html\/(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})(v\d+)?\/?$/.exec(path);
  const paper = m ? FIXTURE_PAPERS.find((p) => p.arxivId === m[1] && p.ar5iv) : undefined;
  if (!paper) {
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><h1>ar5iv: no article with this identifier</h1></body></html>');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/xhtml+xml; charset=utf-8' }).end(toAr5ivForm(readFileSync(fixturePath(paper.folder, 'paper.latexml.html'), 'utf8'), paper.arxivId));
}

function route(req: IncomingMessage, res: ServerResponse, infos: Map<string, PaperInfo>, versions: Map<string, string[]>, elsewhere: string): void {
  const path = new URL(req.url ?? '/', 'http://arxiv.org').pathname;
  if ((req.headers.host ?? '').split(':')[0] === AR5IV_HOST) return routeAr5iv(path, res);
  const m = /^\/(abs|html|pdf)\/(\d{4}\.\d{4,5}|[a-z-]+\/\d{7})(v\d+)?\/?$/.exec(path);
  if (!m) {
    const body = path === '/' ? '<html><body><h1>arXiv stand-in</h1><p>Fixture papers: ' + FIXTURE_PAPERS.map((p) => `<a href="/abs/${p.arxivId}">${p.arxivId}</a>`).join(', ') + '</p></body></html>' : 'Not found';
    res.writeHead(path === '/' ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    return;
  }
  const [, kind, id, requestedVersion] = m as unknown as [string, 'abs' | 'html' | 'pdf', string, string | undefined];
  // A redirect that stays on arXiv, as web servers drop a trailing slash.
  if (kind === 'html' && path.endsWith('/')) {
    res.writeHead(301, { location: path.slice(0, -1) }).end();
    return;
  }
  const html = (status: number, body: string): void => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  };

  // The failure papers have no PDF either, so the PDF fallback cannot rescue them.
  if (kind === 'pdf' && (Object.values(FAILURE_IDS) as string[]).includes(id)) return html(404, '<html><body><h1>Not found</h1></body></html>');
  if (id === FAILURE_IDS.withdrawn && kind === 'abs') {
    return html(200, absPage({ arxivId: id, version: 'v2', hasHtml: false }, { title: 'A withdrawn paper', authors: ['A. Author'], abstract: 'Withdrawn.' }, { withdrawn: true }));
  }
  if (id === FAILURE_IDS.conversionFailed) {
    if (kind === 'abs') return html(200, absPage({ arxivId: id, version: 'v1', hasHtml: true }, { title: 'A paper LaTeXML could not convert', authors: ['A. Author'], abstract: 'Some abstract.' }));
    return html(200, '<html><body><header>arXiv</header><main><h1>Conversion to HTML had a Fatal error and exited abruptly. This document may be truncated or damaged.</h1></main></body></html>');
  }
  if (id === FAILURE_IDS.oversized) {
    if (kind === 'abs') return html(200, absPage({ arxivId: id, version: 'v1', hasHtml: true }, { title: 'An enormous page', authors: ['A. Author'], abstract: 'Big.' }));
    return html(200, '<html><body><div class="ltx_para"><p class="ltx_p">' + 'x'.repeat(6 * 1024 * 1024) + '</p></div></body></html>');
  }
  if (id === FAILURE_IDS.redirectsAway || id === FAILURE_IDS.linksAway) {
    const away = `${elsewhere}/html/${id}v1`;
    if (kind === 'abs') {
      const page = absPage({ arxivId: id, version: 'v1', hasHtml: true }, { title: 'A paper whose full text is elsewhere', authors: ['A. Author'], abstract: 'Elsewhere.' });
      return html(200, id === FAILURE_IDS.linksAway ? page.replace(`https://arxiv.org/html/${id}v1`, away) : page);
    }
    if (kind === 'html') {
      res.writeHead(302, { location: away }).end();
      return;
    }
  }
  const paper = FIXTURE_PAPERS.find((p) => p.arxivId === id);
  if (!paper) return html(404, '<html><body><h1>Article identifier not recognized</h1></body></html>');
  if (kind === 'pdf') {
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(readFileSync(fixturePath(paper.folder, 'paper.pdf')));
    return;
  }
  const published = versions.get(id) ?? [paper.version];
  if (requestedVersion && !published.includes(requestedVersion)) return html(404, '<html><body><h1>No such version</h1></body></html>');
  if (kind === 'html') {
    if (!paper.hasHtml) return html(404, '<html><body><h1>No HTML for this paper</h1></body></html>');
    return html(200, withSiteChrome(readFileSync(fixturePath(paper.folder, 'paper.latexml.html'), 'utf8'), `${id}${paper.version}`));
  }
  let info = infos.get(id);
  if (!info) {
    info = infoFor(paper);
    infos.set(id, info);
  }
  const page = absPage(paper, info, { versions: published, comments: '12 pages, 9 figures', doi: paper.doi });
  return html(200, paper.htmlLinkRedirects ? page.replace(/(href="https:\/\/arxiv\.org\/html\/[^"]+)"/, '$1/"') : page);
}
