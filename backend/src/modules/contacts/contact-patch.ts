import type { UpdateContactRequest } from '@crm/common';
import type { ContactPatch } from './contacts.repository.js';

/**
 * The columns a profile save changes: each field the request carries, nothing else (a field left
 * out keeps its value; null clears it). The deal's products and amount are DealLines' (they need
 * the stored lines); the shipping company is checked to exist by the caller.
 */
export function contactPatch(input: UpdateContactRequest, now: Date): ContactPatch {
  const patch: ContactPatch = { updatedAt: now };
  if (input.name !== undefined) patch.name = input.name;
  if (input.email !== undefined) patch.email = input.email;
  if (input.address !== undefined) patch.address = input.address;
  if (input.notes !== undefined) patch.notes = input.notes;
  if (input.isArchived !== undefined) patch.isArchived = input.isArchived;

  const sd = input.salesData;
  if (sd?.pipeline_status !== undefined) patch.pipelineStatus = sd.pipeline_status;
  if (sd?.probability !== undefined) patch.probability = sd.probability;
  const ship = sd?.shippingDetails;
  if (ship?.company !== undefined) patch.shippingCompanyId = ship.company;
  if (ship?.trackingNumber !== undefined) patch.shippingTrackingNumber = ship.trackingNumber;
  if (ship?.cost !== undefined) patch.shippingCost = ship.cost;
  if (ship?.codAmount !== undefined) patch.codAmount = ship.codAmount;
  if (ship?.codCollected !== undefined) patch.codCollected = ship.codCollected;
  if (ship?.status !== undefined) patch.shippingStatus = ship.status;
  if (ship?.address?.governorate !== undefined) patch.shippingGovernorate = ship.address.governorate;
  if (ship?.address?.city !== undefined) patch.shippingCity = ship.address.city;
  if (ship?.address?.street !== undefined) patch.shippingStreet = ship.address.street;
  return patch;
}
