import { Controller, Delete, Get, HttpCode, Patch, Post, StreamableFile, UploadedFile, UseFilters, UseInterceptors } from '@nestjs/common';
import {
  changeStageSchema,
  contactImportStatusSchema,
  contactListSchema,
  contactSchema,
  contactStatsQuerySchema,
  contactStatsSchema,
  contactsExportQuerySchema,
  contactsQuerySchema,
  createContactSchema,
  idParamSchema,
  messageResultSchema,
  updateContactSchema,
  type ChangeStageRequest,
  type ContactStatsQuery,
  type ContactsExportQuery,
  type ContactsQuery,
  type CreateContactRequest,
  type UpdateContactRequest,
} from '@crm/common';
import type { TenantActor } from '../../platform/auth/actor.js';
import { CurrentUser, RequirePermission } from '../../platform/auth/auth.decorators.js';
import { ApiDoc, ValidBody, ValidParams, ValidQuery } from '../../platform/http/route-docs.js';
import { ContactsImportService, type UploadedImportFile } from './contacts-import.service.js';
import { ContactListsService } from './contact-lists.service.js';
import { ContactsService } from './contacts.service.js';
import { ImportUploadFilter, ImportUploadInterceptor } from './import-upload.filter.js';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

@Controller('contacts')
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly lists: ContactListsService,
    private readonly importer: ContactsImportService,
  ) {}

  @Get()
  @ApiDoc({
    summary: 'Leads, customers or deals, filtered and paged; withTotals=true adds the pipeline totals of the whole filtered set. Sales users see only their own contacts.',
    response: contactListSchema,
  })
  list(@CurrentUser() actor: TenantActor, @ValidQuery(contactsQuerySchema) query: ContactsQuery) {
    return this.lists.list(actor, query);
  }

  @Get('stats')
  @ApiDoc({
    summary:
      'Dashboard cards for the contacts created in the period (current stage); conversionRate = sales ÷ all contacts × 100, one decimal; salesAmount leaves lost deals out. Sales users get their own figures.',
    response: contactStatsSchema,
  })
  stats(@CurrentUser() actor: TenantActor, @ValidQuery(contactStatsQuerySchema) query: ContactStatsQuery) {
    return this.lists.stats(actor, query);
  }

  @Get('export')
  @ApiDoc({ summary: 'The contacts the filters select, as leads_{YYYY-MM-DD}.xlsx (at most 50,000 rows)', binary: XLSX_MIME })
  async export(@CurrentUser() actor: TenantActor, @ValidQuery(contactsExportQuerySchema) query: ContactsExportQuery) {
    const file = await this.lists.export(actor, query);
    return new StreamableFile(file.content, {
      type: XLSX_MIME,
      disposition: `attachment; filename="${file.filename}"`,
      length: file.content.length,
    });
  }

  @Post()
  @ApiDoc({ summary: 'Add a lead (name and phone required; a duplicate phone is refused with 409)', response: contactSchema })
  create(@CurrentUser() actor: TenantActor, @ValidBody(createContactSchema) body: CreateContactRequest) {
    return this.contacts.create(actor, body);
  }

  @Post('import')
  @HttpCode(202)
  @UseFilters(ImportUploadFilter)
  @UseInterceptors(ImportUploadInterceptor)
  @ApiDoc({
    summary:
      'Import leads from .xlsx, .xls or .csv (multipart field "file", at most 5 MB and 10,000 rows); existing phones fill empty fields only. The file is checked at once; its rows are written after the company\'s earlier imports: answers the import\'s status (GET /contacts/imports/{id} until done). Each rejected row has a code (IMPORT_REJECT_REASONS) and params; a file refused as a whole answers contact.import_file_invalid or payload_too_large with params.problem (IMPORT_FILE_PROBLEMS) and the numbers its text needs',
    response: contactImportStatusSchema,
    multipart: true,
  })
  import(@CurrentUser() actor: TenantActor, @UploadedFile() file: UploadedImportFile | undefined) {
    return this.importer.import(actor, file);
  }

  @Get('imports/:id')
  @ApiDoc({ summary: 'An import of yours: queued (with the imports ahead of it), running, done (with its counts) or failed', response: contactImportStatusSchema })
  importStatus(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.importer.status(actor, params.id);
  }

  @Get(':id')
  @ApiDoc({ summary: 'One contact with its deal, products, shipping and last 5 stage changes', response: contactSchema })
  get(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.contacts.get(actor, params.id);
  }

  @Patch(':id')
  @ApiDoc({ summary: 'Save the profile: details, deal, shipping and products (the list is replaced); the phone is read-only', response: contactSchema })
  update(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(updateContactSchema) body: UpdateContactRequest) {
    return this.contacts.update(actor, params.id, body);
  }

  @Patch(':id/stage')
  @ApiDoc({ summary: 'Move the contact: lead→customer, customer→sales, customer or sales→lead (others: 409)', response: contactSchema })
  changeStage(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }, @ValidBody(changeStageSchema) body: ChangeStageRequest) {
    return this.contacts.changeStage(actor, params.id, body);
  }

  @Delete(':id')
  @RequirePermission('contacts.delete')
  @ApiDoc({ summary: 'Delete a contact with its messages and history (admins)', response: messageResultSchema })
  remove(@CurrentUser() actor: TenantActor, @ValidParams(idParamSchema) params: { id: string }) {
    return this.contacts.remove(actor, params.id);
  }
}
