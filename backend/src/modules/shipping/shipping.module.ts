import { Module } from '@nestjs/common';
import { ShippingController } from './shipping.controller.js';
import { ShippingRepository } from './shipping.repository.js';
import { ShippingService } from './shipping.service.js';

@Module({
  controllers: [ShippingController],
  providers: [ShippingRepository, ShippingService],
  exports: [ShippingRepository, ShippingService],
})
export class ShippingModule {}
