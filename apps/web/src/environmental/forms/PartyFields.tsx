import { TextInput } from 'react-admin';
import { emptyToNull } from '../../components/forms';
import { required } from '../../components/validators';
import { rentriHint } from './rentriHint';
import { validAlbo, validIstatCode, validPartyTaxCode } from './validators';

/**
 * Name, tax code (checked against the nation), address and register number of one party; with `cityCode`, the
 * comune's ISTAT code too (RENTRI names the producer's and the receiver's comune by it).
 */
export function PartyFields({ prefix, labels, readOnly, cityCode = false }: { prefix: string; labels: string; readOnly: boolean; cityCode?: boolean }) {
  const src = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const label = (field: string) => `resources.forms.fields.${labels}.${field}`;
  return (
    <>
      <TextInput source={src('name')} label={label('name')} validate={required} readOnly={readOnly} />
      <TextInput source={src('taxCode')} label={label('taxCode')} validate={[required, validPartyTaxCode]} readOnly={readOnly} />
      <TextInput source={src('address.street')} label={label('address.street')} validate={required} readOnly={readOnly} />
      <TextInput source={src('address.streetNumber')} label={label('address.streetNumber')} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('address.postalCode')} label={label('address.postalCode')} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('address.city')} label={label('address.city')} validate={required} readOnly={readOnly} />
      {cityCode ? (
        <TextInput
          source={src('address.cityCode')}
          label={label('address.cityCode')}
          validate={validIstatCode}
          parse={emptyToNull}
          helperText={rentriHint(src('address.cityCode'))}
          readOnly={readOnly}
        />
      ) : null}
      <TextInput source={src('nationId')} label={label('nationId')} defaultValue="IT" readOnly={readOnly} />
      <TextInput source={src('registrationNumber')} label={label('registrationNumber')} validate={validAlbo} parse={emptyToNull} readOnly={readOnly} />
      <TextInput source={src('authorization')} label={label('authorization')} parse={emptyToNull} readOnly={readOnly} />
    </>
  );
}
