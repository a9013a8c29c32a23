import { element } from './base';

const CardActions = element('CardActions', 'div', () => 'kit-card-actions');
export default CardActions;
