import { render } from 'preact';
import '../../ui/style.css';
import { SidePanelApp } from './SidePanelApp';
import { compensatePageZoom } from '../../ui/zoom-compensation';

compensatePageZoom(window);

render(<SidePanelApp />, document.getElementById('app')!);
