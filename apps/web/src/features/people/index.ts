export { PeopleMenu } from './components/PeopleMenu';
export { PEOPLE_KINDS, type PeopleKind } from './kinds';
