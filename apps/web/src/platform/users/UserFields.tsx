import { isValidPhone } from '@app/domain/platform/identifiers/phone';
import { AutocompleteArrayInput, BooleanInput, NumberInput, ReferenceArrayInput, ReferenceInput, SelectInput, TextInput, email, required, useResourceDefinitions } from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { FormDataConsumer } from 'react-admin';
import { Box } from '@mui/material';
import { holdsCompanyFunctions } from '@app/domain/platform/access/access-table';
import { roleChoices } from './roleChoices';
import { useCan } from '../../components/permissions';

// The API's rule (@app/domain identifiers), so the form never accepts what the server refuses.
export const phone = (value: unknown) => (value && !isValidPhone(String(value).trim()) ? 'validation.phone' : undefined);

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/** Personal and contact fields shared by the user detail, the profile and complete-profile. */
export function PersonalFields() {
  return (
    <Box sx={row}>
      <TextInput source="name" label="resources.users.fields.name" validate={required()} />
      <TextInput source="surname" label="resources.users.fields.surname" validate={required()} />
      <TextInput source="mobilephone" label="resources.users.fields.mobilephone" validate={phone} />
      <TextInput source="phone" label="resources.users.fields.phone" validate={phone} />
      <TextInput source="address" label="resources.users.fields.address" sx={{ gridColumn: { md: '1 / span 2' } }} />
      <TextInput source="taxCode" label="resources.users.fields.taxCode" />
      <TextInput source="vatNumber" label="resources.users.fields.vatNumber" />
      <TextInput source="contactEmail" label="resources.users.fields.contactEmail" validate={email()} />
      <TextInput source="emailPec" label="resources.users.fields.emailPec" validate={email()} />
      <TextInput source="fax" label="resources.users.fields.fax" validate={phone} />
      <TextInput source="commercialName" label="resources.users.fields.commercialName" />
      <TextInput source="referentTributes" label="resources.users.fields.referentTributes" />
      <DateInput source="birthDate" label="resources.users.fields.birthDate" />
    </Box>
  );
}

/** Account fields only an administrator edits. */
export function AccountFields({ create = false }: { create?: boolean }) {
  const resources = useResourceDefinitions();
  // A comune reads its own staff's accounts, not the environmental registries the other fields name.
  const readsAgencies = useCan('agencies', 'list') && !!resources.agencies;
  const readsCompanyFunctions = useCan('environmental-settings', 'list') && !!resources['environmental-settings'];
  return (
    <Box sx={row}>
      <TextInput source="email" label="resources.users.fields.email" validate={[required(), email()]} disabled={!create} />
      <SelectInput source="role" label="resources.users.fields.role" choices={roleChoices} validate={required()} />
      <FormDataConsumer>
        {({ formData }) =>
          // A rule about a field: a comune's staff and its hoteliers' accounts name their comune.
          formData.role === 'city' || formData.role === 'user' ? (
            <ReferenceInput source="cityId" reference="cities">
              <SelectInput optionText="name" label="resources.users.fields.cityId" />
            </ReferenceInput>
          ) : null
        }
      </FormDataConsumer>
      {create ? null : <NumberInput source="paymentDays" label="resources.users.fields.paymentDays" />}
      {create ? null : <BooleanInput source="isEnabled" label="resources.users.fields.isEnabled" />}
      {readsAgencies ? (
        <ReferenceInput source="agencyId" reference="agencies">
          <SelectInput optionText="businessName" label="resources.users.fields.agencyId" />
        </ReferenceInput>
      ) : null}
      {readsCompanyFunctions ? (
        // The company functions the person holds: who carries out the corrective actions assigned to a function.
        <FormDataConsumer>
          {({ formData }) =>
            holdsCompanyFunctions(formData.role) ? (
              <ReferenceArrayInput
                source="companyFunctionSettingIds"
                reference="environmental-settings"
                filter={{ settingType: 'companyFunction', isActive: true }}
                sort={{ field: 'name', order: 'ASC' }}
              >
                <AutocompleteArrayInput optionText="name" label="resources.users.fields.companyFunctionSettingIds" helperText="resources.users.fields.companyFunctionSettingIdsHelp" />
              </ReferenceArrayInput>
            ) : null
          }
        </FormDataConsumer>
      ) : null}
    </Box>
  );
}
