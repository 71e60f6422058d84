import { useState } from 'react';
import { Box, Button, Card, CardContent, Grid, Paper, Typography } from '@mui/material';
import { Form, NumberInput, SelectArrayInput, SelectInput, TextInput, email, required, useTranslate } from 'react-admin';
import { DateInput } from '../../components/DateInput';
import { FilePicker, UPLOAD_FORMATS } from '../../components/FilePicker';
import { Flex } from '../../components/Flex';
import { SubHeader } from '../../components/SubHeader';
import { roleChoices } from '../users/roleChoices';

function Sample({ children }: { children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ px: 2, py: 1, bgcolor: 'primary.light', color: 'primary.contrastText' }}>
      {children}
    </Paper>
  );
}

export function FlexPage() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.flex')} subtitle={translate('documentation.flex.text')} />
        <Typography variant="subtitle2">direction=&quot;row&quot; gap=2 justify=&quot;space-between&quot;</Typography>
        <Flex gap={2} justify="space-between" sx={{ mb: 3 }}>
          <Sample>A</Sample>
          <Sample>B</Sample>
          <Sample>C</Sample>
        </Flex>
        <Typography variant="subtitle2">direction=&quot;column&quot; align=&quot;flex-start&quot;</Typography>
        <Flex direction="column" align="flex-start">
          <Sample>A</Sample>
          <Sample>B</Sample>
        </Flex>
      </CardContent>
    </Card>
  );
}

export function InputPage() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.input')} subtitle={translate('documentation.input.text')} />
        <Form>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            <TextInput source="text" label="documentation.input.text" validate={required()} />
            <TextInput source="email" label="resources.users.fields.email" validate={email()} />
            <NumberInput source="number" label="documentation.input.number" />
            <DateInput source="date" label="documentation.input.date" />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

export function FilePage() {
  const translate = useTranslate();
  const [names, setNames] = useState<string[]>([]);
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.file')} subtitle={translate('documentation.file.text')} />
        <FilePicker extensions={UPLOAD_FORMATS.documents} multiple onFiles={(files) => setNames(files.map((file) => file.name))} />
        <Typography variant="body2" sx={{ mt: 1 }}>
          {names.join(', ')}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function SelectPage() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.select')} subtitle={translate('documentation.select.text')} />
        <Form>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2 }}>
            <SelectInput source="role" label="resources.users.fields.role" choices={roleChoices} />
            <SelectArrayInput source="roles" label="documentation.select.multiple" choices={roleChoices} />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

export function GridPage() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <SubHeader title={translate('documentation.pages.grid')} subtitle={translate('documentation.grid.text')} />
        <Grid container spacing={2}>
          {[12, 6, 6, 4, 4, 4, 3, 3, 3, 3].map((size, index) => (
            <Grid key={index} size={{ xs: 12, md: size }}>
              <Sample>{`md=${size}`}</Sample>
            </Grid>
          ))}
        </Grid>
      </CardContent>
    </Card>
  );
}

export function SubHeaderPage() {
  const translate = useTranslate();
  return (
    <Card>
      <CardContent>
        <SubHeader
          title={translate('documentation.subHeader.sampleTitle')}
          subtitle={translate('documentation.subHeader.sampleSubtitle')}
          actions={<Button variant="contained">{translate('ra.action.create')}</Button>}
        />
        <Typography variant="body2">{translate('documentation.subHeader.text')}</Typography>
      </CardContent>
    </Card>
  );
}
