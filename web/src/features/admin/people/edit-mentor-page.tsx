import { MENTOR_FORM } from './kinds';
import { PersonFormPage } from './person-form-page';

export default function EditMentorPage() {
  return <PersonFormPage kind={MENTOR_FORM} mode="edit" />;
}
