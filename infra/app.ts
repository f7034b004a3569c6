import { App } from 'aws-cdk-lib';
import { portalApp } from './portal-app';

portalApp(new App());
