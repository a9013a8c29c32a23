import { element } from './base';

const CardContent = element('CardContent', 'div', () => 'kit-card-content');
export default CardContent;
