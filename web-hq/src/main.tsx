import { render } from 'preact';
import '../../web/src/styles.css';
import './styles.css';
import { App } from './app';

render(<App />, document.getElementById('app') as HTMLElement);
