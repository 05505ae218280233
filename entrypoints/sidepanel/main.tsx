import { render } from 'preact';
import '../../ui/style.css';
import { SidePanelApp } from './SidePanelApp';

render(<SidePanelApp />, document.getElementById('app')!);
