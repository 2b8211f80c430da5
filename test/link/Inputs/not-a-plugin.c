/* A shared object without llvmGetPassPluginInfo: not a pass plugin. */
int not_a_plugin = 1;
