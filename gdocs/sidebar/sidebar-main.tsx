/** The sidebar page's start: the document through google.script.run, the library through the extension. */
import { render } from 'preact';
import { docsServerFrom, type GoogleScriptRun } from './docs-server-client';
import { SidebarApp } from './SidebarApp';
import { SidebarActions } from './sidebar-actions';
import { connectLibrary } from './connect-library';

const run = (globalThis as { google?: { script?: { run?: GoogleScriptRun } } }).google?.script?.run;
const actions = new SidebarActions(docsServerFrom(run));

render(<SidebarApp connection={connectLibrary()} actions={actions} />, document.getElementById('app')!);
