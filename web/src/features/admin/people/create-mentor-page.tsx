import { MENTOR_FORM } from './kinds';
import { PersonFormPage } from './person-form-page';

export default function CreateMentorPage() {
  return <PersonFormPage kind={MENTOR_FORM} mode="create" />;
}
